import { useState } from 'react';
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntryRow } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
import { downloadAuditExport, getAuditPage } from '../api/audit-trail';
import { auditFiltersFromSearch, auditQueryOf, type AuditFilters } from '../audit-filters';
import { AuditChanges } from './audit-changes';
import { AuditFilterForm } from './audit-filter-form';

const pageSize = 20;

const ScopeBadges = ({ entry }: { entry: AuditEntryRow }) => {
  const { t } = useTranslation('adminAudit');
  const scopes = [
    ['contest', entry.cid],
    ['problem', entry.pid],
    ['submission', entry.submitId],
    ['user', entry.username ?? entry.uid],
  ] as const;
  return (
    <Group gap={4}>
      {scopes
        .filter(([, id]) => id !== null)
        .map(([scope, id]) => (
          <Badge key={scope} variant="light" color="gray" tt="none">
            {t(`scopeLabels.${scope}`, { id })}
          </Badge>
        ))}
    </Group>
  );
};

const EntryRow = ({ entry }: { entry: AuditEntryRow }) => {
  const { t } = useTranslation('adminAudit');
  return (
    <Table.Tr data-testid="audit-entry">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.recordedAt)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} data-testid="audit-actor">
          {entry.actorName ?? entry.actorId ?? '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {entry.ip ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" tt="none">
          {t(`kinds.${entry.kind}`, { defaultValue: entry.kind })}
        </Badge>
        <Text size="xs" c="dimmed" mt={2}>
          {entry.command} · {entry.eventType}
        </Text>
        <ScopeBadges entry={entry} />
      </Table.Td>
      <Table.Td>
        <AuditChanges changes={entry.changes} />
      </Table.Td>
      <Table.Td data-testid="audit-reason" style={{ overflowWrap: 'anywhere' }}>
        {entry.reason ?? ''}
      </Table.Td>
    </Table.Tr>
  );
};

/** /admin/audit (issue 13 item 2): the audit trail with its filters, pages and exports. */
export const AuditTrail = () => {
  const { t } = useTranslation('adminAudit');
  const [filters, setFilters] = useState<AuditFilters>(() => auditFiltersFromSearch(window.location.search));
  const [currentPage, setCurrentPage] = useState(1);
  const query = auditQueryOf(filters);
  const trail = useRemote(() => getAuditPage(query, currentPage, pageSize), [query, currentPage]);
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCurrentPage(1);
  };
  const page = trail.data;
  return (
    <Stack gap="md" py="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz={22}>
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void downloadAuditExport(query, 'ndjson')}>
            {t('export.ndjson')}
          </Button>
          <Button variant="default" size="xs" onClick={() => void downloadAuditExport(query, 'csv')}>
            {t('export.csv')}
          </Button>
        </Group>
      </Group>
      <AuditFilterForm initial={filters} onApply={apply} />
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.time')}</Table.Th>
                <Table.Th>{t('table.actor')}</Table.Th>
                <Table.Th>{t('table.what')}</Table.Th>
                <Table.Th>{t('table.changes')}</Table.Th>
                <Table.Th>{t('table.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page?.records.map((entry) => (
                <EntryRow key={entry.position} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {page && page.records.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('table.empty')}
          </Text>
        )}
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="audit-total">
          {page ? t('table.total', { count: page.total }) : '…'}
        </Text>
        <Pagination total={page?.pages ?? 0} value={currentPage} onChange={setCurrentPage} size="sm" />
      </Group>
    </Stack>
  );
};
