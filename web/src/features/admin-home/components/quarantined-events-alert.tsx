import { Alert, Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
import { isSuperAdmin, session } from '@/stores/session';
import { getQuarantinedEvents } from '../api/admin-dashboard';

/**
 * Root's alert for events the projector quarantined (F5): a read model silently missing an event is worse than
 * a loud one, so the dashboard says so until the projection is rebuilt. Other roles neither call nor see it.
 */
export const QuarantinedEventsAlert = () => {
  const { t } = useTranslation('adminHome');
  const { user } = useSnapshot(session);
  const isRoot = isSuperAdmin(user);
  const quarantined = useRemote(() => (isRoot ? getQuarantinedEvents() : Promise.resolve(null)), [isRoot]);
  const found = quarantined.data;
  if (!found || found.total === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('dashboard.quarantined.title', { count: found.total })}
      data-testid="dashboard-quarantined"
    >
      <Text size="sm">{t('dashboard.quarantined.body')}</Text>
      <List size="sm" mt="xs" spacing={4}>
        {found.records.map((record) => (
          <List.Item key={`${record.projection}/${record.eventId}`}>
            <Code>{record.projection}</Code> · {record.eventType} · {record.stream} ·{' '}
            {formatDateTime(record.quarantinedAt)}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {record.error}
            </Text>
          </List.Item>
        ))}
      </List>
      {found.total > found.records.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('dashboard.quarantined.more', { shown: found.records.length })}
        </Text>
      )}
    </Alert>
  );
};
