import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, ScrollArea, Switch, Table, TextInput } from '@mantine/core';
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
        <Table miw={900} striped data-testid="admin-contest-table">
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
                  <Badge variant="light">{t(`auth.${row.auth}`)}</Badge>
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
                    <Button size="xs" variant="light" component={Link} href={`/admin/contest/${row.id}/announcement`}>
                      {t('list.announcements')}
                    </Button>
                    {(isSuperAdmin(user) || user?.roleList.includes('admin') || row.uid === user?.uid) && (
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        href={`${paths.adminAudit()}?scope=contest&id=${row.id}`}
                        data-testid="contest-audit-trail"
                      >
                        {t('list.auditTrail')}
                      </Button>
                    )}
                    {(isSuperAdmin(user) || row.uid === user?.uid) && (
                      <Button size="xs" variant="light" onClick={() => setDownloading(row.id)}>
                        {t('list.downloadAc')}
                      </Button>
                    )}
                    {(isSuperAdmin(user) || row.uid === user?.uid) && (
                      <Button
                        size="xs"
                        variant="light"
                        data-testid="contest-package"
                        title={t('list.contestPackageHint')}
                        onClick={() =>
                          void downloadContestFile(ccsContestPackagePath(row.id), {}, `contest-${row.id}-package.zip`)
                        }
                      >
                        {t('list.contestPackage')}
                      </Button>
                    )}
                    {(isSuperAdmin(user) || row.uid === user?.uid) && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void act(() => cloneContest(row.id), t('list.cloned'))}
                        data-testid="clone-contest"
                      >
                        {t('list.clone')}
                      </Button>
                    )}
                    {isSuperAdmin(user) && (
                      <Button size="xs" color="red" variant="light" onClick={() => setDeleting(row.id)}>
                        {t('list.delete')}
                      </Button>
                    )}
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
