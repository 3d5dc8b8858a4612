import { useState } from 'react';
import { Badge, Card, Group, Pagination, ScrollArea, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { useRemote } from '../../../lib/use-remote';
import { checkContestAcInfo, getContestAcInfo } from '../api/contest-admin-tools';
import { useRefreshEvery } from './use-refresh-every';

const pageSize = 20;

/** The AC helper (reference §2.13): first ACs for balloon delivery, unchecked first, refreshed every 10 s. */
export const AcHelper = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const [currentPage, setPage] = useState(1);
  const remote = useRemote(() => getContestAcInfo(cid, currentPage, pageSize), [cid, currentPage]);
  useRefreshEvery(remote.reload, 10_000);
  const toggle = async (id: string, checked: boolean) => {
    try {
      await checkContestAcInfo(cid, id, checked);
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  const rows = remote.data?.records ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <ScrollArea type="auto">
        <Table miw={700} striped data-testid="ac-helper-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('acInfo.submitTime')}</Table.Th>
              <Table.Th>{t('acInfo.problem')}</Table.Th>
              <Table.Th>{t('acInfo.firstBlood')}</Table.Th>
              <Table.Th>{t('acInfo.username')}</Table.Th>
              <Table.Th>{t('acInfo.realname')}</Table.Th>
              <Table.Th>{t('acInfo.checked')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="ac-helper-row">
                <Table.Td>{formatDateTime(row.submitTime)}</Table.Td>
                <Table.Td>{row.displayId}</Table.Td>
                <Table.Td>{row.firstBlood && <Badge color="red">{t('acInfo.firstBlood')}</Badge>}</Table.Td>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{row.realname}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={!!row.checked}
                    onChange={(event) => void toggle(row.id, event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && (
        <Text c="dimmed" ta="center" py="lg">
          {t('acInfo.empty')}
        </Text>
      )}
      {(remote.data?.total ?? 0) > pageSize && (
        <Group justify="center" mt="md">
          <Pagination total={Math.ceil((remote.data?.total ?? 0) / pageSize)} value={currentPage} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
};
