import { useState } from 'react';
import { Badge, Button, Card, Group, ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { getContestPrints, markPrinted } from '../api/contest-admin-tools';
import { downloadContestFile } from '@/lib/contest-file-download';
import { useRefreshEvery } from './use-refresh-every';

const pageSize = 15;

/** The admin print queue (reference §2.14): unprinted first, download, confirm printed; refreshed every 10 s. */
export const AdminPrintQueue = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const [currentPage, setPage] = useState(1);
  const remote = useRemote(() => getContestPrints(cid, currentPage, pageSize), [cid, currentPage]);
  useRefreshEvery(remote.reload, 10_000);
  const confirm = async (id: string) => {
    try {
      await markPrinted(cid, id);
      showToast('success', t('print.marked'));
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  const rows = remote.data?.records ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <ScrollArea type="auto">
        <Table miw={{ base: 0, sm: 640 }} striped style={{ whiteSpace: 'nowrap' }} data-testid="print-queue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('print.username')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('print.realname')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('print.createdAt')}</Table.Th>
              <Table.Th>{t('print.status')}</Table.Th>
              <Table.Th>{t('print.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="print-row">
                <Table.Td>{row.username}</Table.Td>
                <Table.Td visibleFrom="sm">{row.realname}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDateTime(row.gmtCreate)}</Table.Td>
                <Table.Td>
                  <Badge color={row.status === 1 ? 'green' : 'yellow'}>
                    {t(row.status === 1 ? 'print.printed' : 'print.notPrinted')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      data-testid="print-download"
                      onClick={() =>
                        void downloadContestFile(
                          '/file/download-contest-print-text',
                          { id: row.id },
                          `${row.username ?? 'print'}_Contest_Print.txt`,
                        )
                      }
                    >
                      {t('print.download')}
                    </Button>
                    {row.status !== 1 && (
                      <Button size="xs" onClick={() => void confirm(row.id)} data-testid="print-confirm">
                        {t('print.confirm')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('print.empty')}</EmptyListText>}
      <ListPager total={remote.data?.total ?? 0} pageSize={pageSize} page={currentPage} onPage={setPage} />
    </Card>
  );
};
