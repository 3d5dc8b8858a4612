import { Button, Card, Group, Modal, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import {
  adminAnnouncementPageSize,
  deleteAnnouncement,
  editAnnouncement,
  getAdminAnnouncements,
  publishAnnouncement,
  type Announcement,
  type AnnouncementDraft,
} from '../api/admin-announcements';
import { AnnouncementEditor } from './announcement-editor';

type Editing = { announcement: Announcement | null } | null;

/** /admin/announcement (spec 002 §2.11): list, create, edit, delete and the visible flag. */
export const AnnouncementAdmin = () => {
  const { t } = useTranslation('adminHome');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const list = useRemote(() => getAdminAnnouncements(page), [page]);
  const rows = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const save = async (draft: AnnouncementDraft) => {
    const current = editing?.announcement;
    try {
      if (current) await editAnnouncement(current.id, draft);
      else await publishAnnouncement(draft);
    } catch {
      return;
    }
    showToast('success', t('saved'));
    setEditing(null);
    list.reload();
  };
  const toggle = async (announcement: Announcement, isVisible: boolean) => {
    const draft: AnnouncementDraft = {
      title: announcement.title,
      content: announcement.content,
      status: isVisible ? 0 : 1,
    };
    await editAnnouncement(announcement.id, draft).then(list.reload, () => undefined);
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteAnnouncement(deleting.id);
      showToast('success', t('deleted'));
    } catch {
      // already toasted
    }
    setDeleting(null);
    list.reload();
  };
  return (
    <Card withBorder radius="md" padding="lg" mt="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('announcements.title')}</Title>
        <Button onClick={() => setEditing({ announcement: null })} data-testid="create-announcement">
          {t('announcements.create')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing={6} fz="sm" data-testid="admin-announcement-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>{t('announcements.fields.title')}</Table.Th>
              <Table.Th>{t('announcements.fields.created')}</Table.Th>
              <Table.Th>{t('announcements.fields.modified')}</Table.Th>
              <Table.Th>{t('announcements.fields.author')}</Table.Th>
              <Table.Th>{t('announcements.fields.visible')}</Table.Th>
              <Table.Th>{t('announcements.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="admin-announcement-row">
                <Table.Td>{row.id}</Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" truncate>
                    {row.title}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.gmtCreate)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.gmtModified)}</Table.Td>
                <Table.Td>{row.username ?? ''}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('announcements.fields.visible')}
                    checked={row.status === 0}
                    onChange={(event) => void toggle(row, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => setEditing({ announcement: row })}>
                      {t('edit')}
                    </Button>
                    <Button size="compact-xs" variant="light" color="red" onClick={() => setDeleting(row)}>
                      {t('delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && <EmptyListText>{t('empty')}</EmptyListText>}
      <ListPager total={total} pageSize={adminAnnouncementPageSize} page={page} onPage={setPage} />
      {editing && (
        <AnnouncementEditor announcement={editing.announcement} onSave={save} onClose={() => setEditing(null)} />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('confirmTitle')} centered>
        <Text size="sm">{t('announcements.confirmDelete', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()}>
            {t('delete')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
};
