import { useState } from 'react';
import { Badge, Card, Group, ScrollArea, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
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
        <Table miw={{ base: 0, sm: 640 }} striped style={{ whiteSpace: 'nowrap' }} data-testid="ac-helper-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('acInfo.checked')}</Table.Th>
              <Table.Th>{t('acInfo.problem')}</Table.Th>
              <Table.Th>{t('acInfo.username')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('acInfo.realname')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('acInfo.submitTime')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="ac-helper-row" opacity={row.checked ? 0.6 : 1}>
                <Table.Td>
                  <Switch
                    checked={!!row.checked}
                    onChange={(event) => void toggle(row.id, event.currentTarget.checked)}
                    aria-label={t('acInfo.checked')}
                    data-testid="ac-checked"
                  />
                </Table.Td>
                <Table.Td>
                  {/* First blood sits beside the problem, so the balloon runner sees it at phone width too. */}
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={700} size="sm">
                      {row.displayId}
                    </Text>
                    {row.firstBlood && (
                      <Badge color="red" variant="light" size="sm" miw="max-content" data-testid="first-blood">
                        {t('acInfo.firstBlood')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td visibleFrom="sm">{row.realname}</Table.Td>
                <Table.Td visibleFrom="sm">{formatDateTime(row.submitTime)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('acInfo.empty')}</EmptyListText>}
      <ListPager total={remote.data?.total ?? 0} pageSize={pageSize} page={currentPage} onPage={setPage} />
    </Card>
  );
};
