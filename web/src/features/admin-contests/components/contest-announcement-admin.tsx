import { useState } from 'react';
import { Button, Card, Group, Modal, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { session } from '@/stores/session';
import {
  deleteContestAnnouncement,
  getAdminContestAnnouncements,
  saveContestAnnouncement,
} from '../api/admin-contest-problems';

type Draft = { id?: string; title: string; content: string; status: number };

/** /admin/contest/:id/announcement: every announcement of the contest, visible or hidden (reference §1.3). */
export const ContestAnnouncementAdmin = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('adminContests');
  const { user } = useSnapshot(session);
  const remote = useRemote(() => getAdminContestAnnouncements(cid, 1), [cid]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      showToast('success', t('announcements.saved'));
      setDraft(null);
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  const save = () => {
    if (!draft) return;
    if (!draft.title.trim() || !draft.content.trim()) {
      showToast('warning', t('announcements.required'));
      return;
    }
    void act(() => saveContestAnnouncement(cid, { ...draft, uid: user?.uid ?? '' }));
  };
  return (
    <Card withBorder radius="md" padding="md" mt="md">
      <Group justify="space-between" mb="md">
        <Text fw={600}>{t('announcements.title')}</Text>
        <Button onClick={() => setDraft({ title: '', content: '', status: 0 })}>{t('announcements.create')}</Button>
      </Group>
      <Table striped>
        <Table.Tbody>
          {(remote.data?.records ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.title}</Table.Td>
              <Table.Td>{formatDateTime(row.gmtCreate)}</Table.Td>
              <Table.Td>{t(row.status === 1 ? 'announcements.hidden' : 'announcements.visible')}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      setDraft({ id: row.id, title: row.title, content: row.content ?? '', status: row.status ?? 0 })
                    }
                  >
                    {t('list.edit')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => void act(() => deleteContestAnnouncement(row.id))}
                  >
                    {t('list.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={t('announcements.title')} size="lg">
        {draft && (
          <>
            <TextInput
              label={t('announcements.heading')}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            />
            <Textarea
              label={t('announcements.content')}
              autosize
              minRows={5}
              value={draft.content}
              onChange={(e) => setDraft({ ...draft, content: e.currentTarget.value })}
            />
            <Switch
              mt="sm"
              label={t('announcements.visible')}
              checked={draft.status === 0}
              onChange={(e) => setDraft({ ...draft, status: e.currentTarget.checked ? 0 : 1 })}
            />
            <Group justify="flex-end" mt="md">
              <Button onClick={save}>{t('form.save')}</Button>
            </Group>
          </>
        )}
      </Modal>
    </Card>
  );
};
