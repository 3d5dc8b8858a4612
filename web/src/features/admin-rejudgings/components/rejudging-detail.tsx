import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { rejudgingTopic, type BoardMove, type RejudgingDetail } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { subscribeTopic } from '@/lib/live-socket';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { endRejudging, getRejudgingDetail } from '../api/rejudgings';

const stateColors = { judging: 'blue', judged: 'teal', applied: 'green', discarded: 'gray' } as const;
const verdictColor = (status: string) =>
  status === 'AC' ? 'green' : status === 'CE' || status === 'SE' ? 'yellow' : 'red';

export const StateBadge = ({ state }: { state: keyof typeof stateColors }) => {
  const { t } = useTranslation('adminRejudgings');
  return (
    <Badge color={stateColors[state]} variant="light" tt="none" data-testid="rejudging-state">
      {t(`states.${state}`)}
    </Badge>
  );
};

const Verdict = ({ side }: { side: { status: string; score: number | null; timeMs: number | null } | null }) =>
  side ? (
    <Group gap={4} wrap="nowrap">
      <Badge color={verdictColor(side.status)} variant="filled" tt="none">
        {side.status}
      </Badge>
      <Text size="xs" c="dimmed">
        {side.score !== null ? `${side.score} · ` : ''}
        {side.timeMs ?? '—'} ms
      </Text>
    </Group>
  ) : (
    <Text size="xs" c="dimmed">
      …
    </Text>
  );

const Place = ({ side, type }: { side: BoardMove['before']; type: 'ACM' | 'OI' }) =>
  side ? (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      #{side.rank} · {type === 'ACM' ? `${side.ac} AC · ${side.penalty}s` : side.score}
      {side.award ? ` · ${side.award}` : ''}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

const BoardDiffTable = ({ board }: { board: NonNullable<RejudgingDetail['board']> }) => {
  const { t } = useTranslation('adminRejudgings');
  const moved = board.moves.filter((move) => JSON.stringify(move.before) !== JSON.stringify(move.after));
  const firstBloodChanges = board.firstBlood.filter((problem) => problem.before !== problem.after);
  return (
    <Stack gap="xs">
      <Title order={4} fz={16}>
        {t('board.title', { cid: board.cid })}
      </Title>
      {moved.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="board-unchanged">
          {t('board.unchanged')}
        </Text>
      )}
      {moved.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} data-testid="board-diff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('board.user')}</Table.Th>
                <Table.Th>{t('board.before')}</Table.Th>
                <Table.Th>{t('board.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {moved.map((move) => (
                <Table.Tr key={move.uid} data-testid="board-move">
                  <Table.Td>{move.username}</Table.Td>
                  <Table.Td>
                    <Place side={move.before} type={board.type} />
                  </Table.Td>
                  <Table.Td>
                    <Place side={move.after} type={board.type} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {firstBloodChanges.map((problem) => (
        <Text key={problem.displayId} size="sm" data-testid="first-blood-change">
          {t('board.firstBlood', {
            problem: problem.displayId,
            before: problem.before ?? '—',
            after: problem.after ?? '—',
          })}
        </Text>
      ))}
    </Stack>
  );
};

type Props = { id: string; onChanged: () => void };

/** One rejudging: progress (pushed over /api/ws), each submission's old and new verdict, the board diff, apply/discard. */
export const RejudgingDetailCard = ({ id, onChanged }: Props) => {
  const { t } = useTranslation('adminRejudgings');
  const detail = useRemote(() => getRejudgingDetail(id), [id]);
  const { reload } = detail;
  const [confirming, setConfirming] = useState<'apply' | 'discard' | null>(null);
  useEffect(() => subscribeTopic(rejudgingTopic(id), reload), [id, reload]);
  const data = detail.data;
  if (!data) return null;
  const { rejudging, items, board } = data;
  const isOpen = rejudging.state === 'judging' || rejudging.state === 'judged';
  const percent = rejudging.total === 0 ? 100 : Math.round((rejudging.judged / rejudging.total) * 100);

  const end = async (action: 'apply' | 'discard') => {
    const done = await endRejudging(id, action).then(
      () => true,
      () => false,
    );
    if (!done) return;
    showToast('success', t(action === 'apply' ? 'applied' : 'discarded'));
    reload();
    onChanged();
  };

  return (
    <Card withBorder radius="md" data-testid="rejudging-detail">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <StateBadge state={rejudging.state} />
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {rejudging.reason}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('stagedBy', { name: rejudging.stagedByName ?? rejudging.stagedBy })}
            </Text>
          </div>
          {isOpen && (
            <Group gap="xs">
              <Button
                color="green"
                disabled={rejudging.state !== 'judged'}
                onClick={() => setConfirming('apply')}
                data-testid="apply-rejudging"
              >
                {t('apply')}
              </Button>
              <Button
                variant="default"
                color="red"
                onClick={() => setConfirming('discard')}
                data-testid="discard-rejudging"
              >
                {t('discard')}
              </Button>
            </Group>
          )}
        </Group>
        <Progress value={percent} animated={rejudging.state === 'judging'} size="lg" data-testid="rejudging-progress" />
        <Text size="xs" c="dimmed" data-testid="rejudging-progress-text">
          {t('progress', { judged: rejudging.judged, total: rejudging.total })}
          {rejudging.skipped.length > 0 ? ` · ${t('skipped', { ids: rejudging.skipped.join(', ') })}` : ''}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} striped data-testid="rejudging-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('items.submission')}</Table.Th>
                <Table.Th>{t('items.user')}</Table.Th>
                <Table.Th>{t('items.old')}</Table.Th>
                <Table.Th>{t('items.new')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.submitId} data-testid="rejudging-item" data-changed={item.changed}>
                  <Table.Td>
                    #{item.submitId} · {t('items.problem', { pid: item.pid })}
                  </Table.Td>
                  <Table.Td>{item.username}</Table.Td>
                  <Table.Td>
                    <Verdict side={item.old} />
                  </Table.Td>
                  <Table.Td>
                    <Verdict side={item.new} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {board && <BoardDiffTable board={board} />}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        message={confirming === 'apply' ? t('confirmApply', { count: items.length }) : t('confirmDiscard')}
        onConfirm={() => confirming && void end(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
};
