import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { adminProjectionsTopic, allProjections, type ProjectionRebuild, type ProjectionStatus } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { subscribeTopic } from '@/lib/live-socket';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { getProjectionsOverview, requestProjectionRebuild } from '../api/projections';
import { isActiveRebuild, lagParts, rebuildPercent } from '../rebuild-progress';
import { RebuildReportDialog } from './rebuild-report-dialog';

/** Pushes over /api/ws refresh the page at once; this poll only covers a push lost with a dropped socket. */
const pollWhileRebuildingMs = 3000;

const stateColors = { running: 'green', rebuilding: 'blue', quarantined: 'red' } as const;

const StateBadge = ({ projection }: { projection: ProjectionStatus }) => {
  const { t } = useTranslation('adminProjections');
  return (
    <Badge color={stateColors[projection.state]} variant="light" tt="none" data-testid="projection-state">
      {projection.state === 'quarantined'
        ? t('states.quarantined', { count: projection.deadLetters })
        : t(`states.${projection.state}`)}
    </Badge>
  );
};

const Lag = ({ projection }: { projection: ProjectionStatus }) => {
  const { t } = useTranslation('adminProjections');
  if (projection.lagEvents === null || projection.lagSeconds === null) return <Text size="sm">—</Text>;
  if (projection.lagEvents === 0) return <Text size="sm">{t('lag.caughtUp')}</Text>;
  const { count, unit } = lagParts(projection.lagSeconds);
  return (
    <Text size="sm" c={projection.lagSeconds > 10 ? 'orange.8' : undefined}>
      {t('lag.behind', { events: projection.lagEvents, age: t(`lag.units.${unit}`, { count }) })}
    </Text>
  );
};

const LastRebuild = ({ rebuild, onReport }: { rebuild: ProjectionRebuild | null; onReport: () => void }) => {
  const { t } = useTranslation('adminProjections');
  if (!rebuild)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (isActiveRebuild(rebuild)) {
    return (
      <Stack gap={2} miw={140} data-testid="rebuild-progress">
        <Progress value={rebuildPercent(rebuild)} animated size="lg" />
        <Text size="xs" c="dimmed">
          {t(`progress.${rebuild.state}`, {
            replayed: rebuild.replayedEvents,
            total: rebuild.totalEvents ?? '?',
            percent: rebuildPercent(rebuild),
          })}
        </Text>
      </Stack>
    );
  }
  const verdict = rebuild.state === 'failed' ? 'failed' : rebuild.report?.identical === false ? 'differs' : 'identical';
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color={verdict === 'identical' ? 'green' : 'red'}
        variant="outline"
        tt="none"
        data-testid="rebuild-verdict"
      >
        {t(`verdicts.${verdict}`)}
      </Badge>
      <Button variant="subtle" size="compact-xs" onClick={onReport} data-testid="rebuild-open-report">
        {t('openReport')}
      </Button>
    </Group>
  );
};

/** /admin/projections (issue 13 item 5): every read model's health, and rebuilds with no downtime. */
export const ProjectionsPage = () => {
  const { t } = useTranslation('adminProjections');
  const overview = useRemote(getProjectionsOverview, []);
  const { reload } = overview;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [reportName, setReportName] = useState<string | null>(null);
  const projections = overview.data?.projections ?? [];
  const isRebuilding = projections.some((projection) => isActiveRebuild(projection.lastRebuild));

  // A push or a poll reloads at once when no load is in flight, else once that load settled. Reloading on every
  // push would drop each reply for the next request (useRemote keeps only the newest): a busy rebuild-all starved it.
  const isLoadingRef = useRef(true);
  const isStaleRef = useRef(false);
  const refresh = useCallback(() => {
    if (isLoadingRef.current) {
      isStaleRef.current = true;
      return;
    }
    isLoadingRef.current = true;
    reload();
  }, [reload]);
  useEffect(() => {
    isLoadingRef.current = overview.isLoading;
    if (overview.isLoading || !isStaleRef.current) return;
    isStaleRef.current = false;
    refresh();
  }, [overview.isLoading, refresh]);
  useEffect(() => subscribeTopic(adminProjectionsTopic, refresh), [refresh]);
  useEffect(() => {
    if (!isRebuilding) return undefined;
    const timer = setInterval(refresh, pollWhileRebuildingMs);
    return () => clearInterval(timer);
  }, [isRebuilding, refresh]);

  const rebuild = async (name: string) => {
    const reply = await requestProjectionRebuild(name).catch(() => null);
    if (!reply) return;
    showToast('success', t('queued', { count: reply.queued.length }));
    refresh();
  };
  const report = projections.find((projection) => projection.name === reportName)?.lastRebuild ?? null;

  return (
    <Stack gap="md" py="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz={22}>
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed" maw={760}>
            {t('intro')}
          </Text>
        </div>
        <Button color="orange" onClick={() => setConfirming(allProjections)} data-testid="rebuild-all">
          {t('rebuildAll')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="store-head">
        {t('head', { head: overview.data?.head ?? '—' })}
      </Text>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={1040}>
          <Table verticalSpacing="xs" striped data-testid="projections-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.projection')}</Table.Th>
                <Table.Th>{t('table.state')}</Table.Th>
                <Table.Th>{t('table.checkpoint')}</Table.Th>
                <Table.Th>{t('table.lag')}</Table.Th>
                <Table.Th>{t('table.rows')}</Table.Th>
                <Table.Th>{t('table.lastRebuild')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projections.map((projection) => (
                <Table.Tr key={projection.name} data-testid="projection-row" data-name={projection.name}>
                  <Table.Td>
                    <Text size="sm" fw={600} ff="monospace">
                      {projection.name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StateBadge projection={projection} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {projection.checkpoint}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Lag projection={projection} />
                  </Table.Td>
                  <Table.Td>
                    {projection.tables.map((table) => (
                      <Text key={table.table} size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {table.table}: {table.rows.toLocaleString()}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <LastRebuild rebuild={projection.lastRebuild} onReport={() => setReportName(projection.name)} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={isActiveRebuild(projection.lastRebuild)}
                      onClick={() => setConfirming(projection.name)}
                      data-testid="rebuild-one"
                    >
                      {t('rebuild')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <ConfirmDialog
        opened={confirming !== null}
        message={confirming === allProjections ? t('confirmAll') : t('confirmOne', { name: confirming ?? '' })}
        onConfirm={() => confirming && void rebuild(confirming)}
        onClose={() => setConfirming(null)}
      />
      <RebuildReportDialog rebuild={report} onClose={() => setReportName(null)} />
    </Stack>
  );
};
