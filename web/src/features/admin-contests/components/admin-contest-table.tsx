import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Menu, Modal, ScrollArea, Switch, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { paths } from '@/config/paths';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { isSuperAdmin, session } from '@/stores/session';
import { ccsContestPackagePath } from '@oj/contracts';
import { downloadContestFile } from '@/lib/contest-file-download';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { changeContestVisible, deleteContest, getAdminContestList } from '../api/admin-contests';
import { cloneContest } from '../api/clone-contest';

const pageSize = 10;

type RowMenuProps = {
  cid: string;
  canSeeAudit: boolean;
  isOwner: boolean;
  canDelete: boolean;
  onDownloadAc: () => void;
  onClone: () => void;
  onDelete: () => void;
};

/** A row's less frequent tools in one menu, so the row fits a laptop and a phone without scrolling sideways. */
const RowMenu = ({ cid, canSeeAudit, isOwner, canDelete, onDownloadAc, onClone, onDelete }: RowMenuProps) => {
  const { t } = useTranslation('adminContests');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" data-testid="contest-row-menu" aria-label={t('list.more')}>
          {t('list.more')} ▾
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} href={`/admin/contest/${cid}/announcement`}>
          {t('list.announcements')}
        </Menu.Item>
        {canSeeAudit && (
          <Menu.Item
            component={Link}
            href={`${paths.adminAudit()}?scope=contest&id=${cid}`}
            data-testid="contest-audit-trail"
          >
            {t('list.auditTrail')}
          </Menu.Item>
        )}
        {isOwner && <Menu.Item onClick={onDownloadAc}>{t('list.downloadAc')}</Menu.Item>}
        {isOwner && (
          <Menu.Item
            data-testid="contest-package"
            title={t('list.contestPackageHint')}
            onClick={() => void downloadContestFile(ccsContestPackagePath(cid), {}, `contest-${cid}-package.zip`)}
          >
            {t('list.contestPackage')}
          </Menu.Item>
        )}
        {isOwner && (
          <Menu.Item onClick={onClone} data-testid="clone-contest">
            {t('list.clone')}
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item color="red" onClick={onDelete}>
            {t('list.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

type Props = {
  /** The accepted-submissions download of one contest (the contests feature's; app/ passes it in). */
  acDownload: (cid: string) => ReactNode;
};

/** /admin/contest: every non-group contest, newest start first (reference §1.3). */
export const AdminContestTable = ({ acDownload }: Props) => {
  const { t } = useTranslation('adminContests');
  const { user } = useSnapshot(session);
  const [currentPage, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const remote = useRemote(
    () => getAdminContestList({ currentPage, limit: pageSize, keyword: applied || undefined }),
    [currentPage, applied],
  );
  const act = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      showToast('success', message);
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  const rows = remote.data?.records ?? [];
  return (
    <Card withBorder radius="md" padding="md" mt="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          placeholder={t('list.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            setApplied(keyword.trim());
            setPage(1);
          }}
        />
        <Button component={Link} href="/admin/contest/create">
          {t('list.create')}
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table miw={720} striped data-testid="admin-contest-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>{t('list.title')}</Table.Th>
              <Table.Th>{t('list.type')}</Table.Th>
              <Table.Th>{t('list.auth')}</Table.Th>
              <Table.Th>{t('list.start')}</Table.Th>
              <Table.Th>{t('list.visible')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={`/contest/${row.id}`}>
                    {row.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.type === 1 ? 'OI' : 'ACM'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" style={{ overflow: 'visible' }}>
                    {t(`auth.${row.auth}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(row.startTime)}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={!!row.visible}
                    onChange={(event) =>
                      void act(
                        () => changeContestVisible(row.id, row.uid ?? user?.uid ?? '', event.currentTarget.checked),
                        t('list.updated'),
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" component={Link} href={`/admin/contest/${row.id}/edit`}>
                      {t('list.edit')}
                    </Button>
                    <Button size="xs" variant="light" component={Link} href={`/admin/contest/${row.id}/problems`}>
                      {t('list.problems')}
                    </Button>
                    <RowMenu
                      cid={row.id}
                      canSeeAudit={isSuperAdmin(user) || !!user?.roleList.includes('admin') || row.uid === user?.uid}
                      isOwner={isSuperAdmin(user) || row.uid === user?.uid}
                      canDelete={isSuperAdmin(user)}
                      onDownloadAc={() => setDownloading(row.id)}
                      onClone={() => void act(() => cloneContest(row.id), t('list.cloned'))}
                      onDelete={() => setDeleting(row.id)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('list.empty')}</EmptyListText>}
      <ListPager total={remote.data?.total ?? 0} pageSize={pageSize} page={currentPage} onPage={setPage} />
      {/* Reference §1.2.6: HOJ offers the accepted-submissions zip here, for OI contests as for ACM. */}
      <Modal opened={downloading !== null} onClose={() => setDownloading(null)} title={t('list.downloadAc')}>
        {downloading !== null && acDownload(downloading)}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        message={t('list.deleteConfirm')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void act(() => deleteContest(deleting), t('list.deleted'))}
      />
    </Card>
  );
};
