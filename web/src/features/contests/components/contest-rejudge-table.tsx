import { useState } from 'react';
import { Button, Card, ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { rejudgeContestProblem } from '../api/contest-admin-tools';
import { getContestProblems } from '../api/contest-problems';

/** Root only (reference §1.2.8): every submission of one contest problem goes back to the queue. */
export const ContestRejudgeTable = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const remote = useRemote(() => getContestProblems(cid, true), [cid]);
  const [target, setTarget] = useState<string | null>(null);
  const rejudge = async (pid: string) => {
    try {
      await rejudgeContestProblem(cid, pid);
      showToast('success', t('rejudge.succeeded'));
    } catch {
      // Shown by the API client.
    }
  };
  const rows = remote.data ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <ScrollArea type="auto">
        <Table striped data-testid="rejudge-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>#</Table.Th>
              <Table.Th>{t('problems.title')}</Table.Th>
              <Table.Th w={110}>{t('print.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.pid} data-testid="rejudge-row">
                <Table.Td fw={700}>{row.displayId}</Table.Td>
                <Table.Td>{row.displayTitle}</Table.Td>
                <Table.Td>
                  <Button size="xs" color="orange" onClick={() => setTarget(row.pid)} data-testid="rejudge-problem">
                    {t('rejudge.action')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('problems.empty')}</EmptyListText>}
      <ConfirmDialog
        opened={target !== null}
        message={t('rejudge.confirm')}
        onClose={() => setTarget(null)}
        onConfirm={() => target && void rejudge(target)}
      />
    </Card>
  );
};
