import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { auditKinds, auditScopes, type AuditKind, type AuditScope } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { noAuditFilters, type AuditFilters } from '../audit-filters';

type Props = { initial: AuditFilters; onApply: (filters: AuditFilters) => void };

/** The audit page's filters: applied together on Search, so typing an id does not query on every key. */
export const AuditFilterForm = ({ initial, onApply }: Props) => {
  const { t } = useTranslation('adminAudit');
  const [draft, setDraft] = useState<AuditFilters>(initial);
  const set = <Key extends keyof AuditFilters>(key: Key, value: AuditFilters[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Card withBorder radius="md" padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('filters.scope')}
            data-testid="audit-scope"
            value={draft.scope}
            allowDeselect={false}
            onChange={(value) => set('scope', (value ?? 'site') as AuditScope)}
            data={auditScopes.map((scope) => ({ value: scope, label: t(`filters.scopes.${scope}`) }))}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('filters.id')}
            placeholder={t('filters.idPlaceholder')}
            data-testid="audit-id"
            disabled={draft.scope === 'site'}
            maxLength={64}
            value={draft.id}
            onChange={(event) => set('id', event.currentTarget.value)}
          />
          <TextInput
            label={t('filters.actor')}
            placeholder={t('filters.actorPlaceholder')}
            maxLength={64}
            value={draft.actor}
            onChange={(event) => set('actor', event.currentTarget.value)}
          />
          <Select
            label={t('filters.kind')}
            placeholder={t('filters.allKinds')}
            clearable
            value={draft.kind || null}
            onChange={(value) => set('kind', (value ?? '') as AuditKind | '')}
            data={auditKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('filters.type')}
            placeholder="SubmissionRejudgeRequested"
            maxLength={64}
            value={draft.type}
            onChange={(event) => set('type', event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('filters.from')}
            value={draft.from}
            onChange={(event) => set('from', event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('filters.to')}
            value={draft.to}
            onChange={(event) => set('to', event.currentTarget.value)}
          />
          <Group align="flex-end" gap="xs">
            <Button type="submit" data-testid="audit-search">
              {t('filters.apply')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(noAuditFilters);
                onApply(noAuditFilters);
              }}
            >
              {t('filters.reset')}
            </Button>
          </Group>
        </SimpleGrid>
      </form>
    </Card>
  );
};
