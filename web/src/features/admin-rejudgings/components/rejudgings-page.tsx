import { useEffect, useState } from 'react';
import { Card, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { rejudgingsTopic, type StageRejudgingBody } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-format';
import { subscribeTopic } from '@/lib/live-socket';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { getRejudgings, stageRejudging } from '../api/rejudgings';
import { RejudgingDetailCard, StateBadge } from './rejudging-detail';
import { StageRejudgingForm } from './stage-rejudging-form';

const pageSize = 10;

/** /admin/rejudgings (issue 13 item 4): stage a rejudge, follow it, read the diff, apply or discard it. */
export const RejudgingsPage = () => {
  const { t } = useTranslation('adminRejudgings');
  const [currentPage, setCurrentPage] = useState(1);
  const list = useRemote(() => getRejudgings(currentPage, pageSize), [currentPage]);
  const { reload } = list;
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => subscribeTopic(rejudgingsTopic, reload), [reload]);

  const stage = async (body: StageRejudgingBody) => {
    const reply = await stageRejudging(body).catch(() => null);
    if (!reply) return;
    showToast('success', t('staged', { count: reply.total }));
    setSelected(reply.id);
    reload();
  };

  return (
    <Stack gap="md" py="lg">
      <div>
        <Title order={2} fz={22}>
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed" maw={760}>
          {t('intro')}
        </Text>
      </div>
      <StageRejudgingForm onStage={stage} />
      {selected && <RejudgingDetailCard key={selected} id={selected} onChanged={reload} />}
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="rejudgings-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.stagedAt')}</Table.Th>
                <Table.Th>{t('table.state')}</Table.Th>
                <Table.Th>{t('table.progress')}</Table.Th>
                <Table.Th>{t('table.contest')}</Table.Th>
                <Table.Th>{t('table.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.records.map((rejudging) => (
                <Table.Tr
                  key={rejudging.id}
                  onClick={() => setSelected(rejudging.id)}
                  style={{ cursor: 'pointer' }}
                  bg={rejudging.id === selected ? 'blue.0' : undefined}
                  data-testid="rejudging-row"
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(rejudging.stagedAt)}</Table.Td>
                  <Table.Td>
                    <StateBadge state={rejudging.state} />
                  </Table.Td>
                  <Table.Td>
                    {rejudging.judged}/{rejudging.total}
                  </Table.Td>
                  <Table.Td>{rejudging.cid ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{rejudging.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.records.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('table.empty')}
          </Text>
        )}
      </Card>
      <Pagination total={list.data?.pages ?? 0} value={currentPage} onChange={setCurrentPage} size="sm" />
    </Stack>
  );
};
