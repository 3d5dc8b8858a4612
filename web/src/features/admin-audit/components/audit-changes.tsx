import { Code, List, Text } from '@mantine/core';
import type { AuditChangeRow } from '@oj/contracts';
import { useTranslation } from 'react-i18next';

/** An entry's field-by-field difference; a secret shows only that it changed. */
export const AuditChanges = ({ changes }: { changes: readonly AuditChangeRow[] }) => {
  const { t } = useTranslation('adminAudit');
  if (changes.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('change.none')}
      </Text>
    );
  }
  const valueOf = (value: string | null) => value ?? t('change.unset');
  return (
    <List size="xs" spacing={2} listStyleType="none" data-testid="audit-changes">
      {changes.map((change) => (
        <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
          <Code>{change.field}</Code>{' '}
          {change.hidden ? t('change.hidden') : `${valueOf(change.before)} → ${valueOf(change.after)}`}
        </List.Item>
      ))}
    </List>
  );
};
