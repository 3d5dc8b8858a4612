import { useState } from 'react';
import { ActionIcon, Button, Card, Group, MultiSelect, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from './section-props';

/** The problem's languages and their code templates (spec 002 §3). */
export const LanguagesSection = ({
  form,
  onChange,
  allLanguages,
}: SectionProps & { allLanguages: readonly string[] }) => {
  const { t } = useTranslation('adminProblems');
  const [templateLanguage, setTemplateLanguage] = useState<string | null>(null);
  const withoutTemplate = form.languages.filter((name) => !form.templates.some((row) => row.language === name));
  const setTemplate = (index: number, patch: Partial<{ code: string; enabled: boolean }>) =>
    onChange({ templates: form.templates.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('fields.languages')}
        required
        data={[...allLanguages]}
        value={form.languages}
        onChange={(languages) =>
          onChange({ languages, templates: form.templates.filter((row) => languages.includes(row.language)) })
        }
        searchable
        data-testid="problem-languages"
      />
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => onChange({ languages: [...allLanguages] })}>
          {t('languages.all')}
        </Button>
        <Button size="xs" variant="default" onClick={() => onChange({ languages: [], templates: [] })}>
          {t('languages.none')}
        </Button>
      </Group>
      <Text size="sm" fw={500}>
        {t('fields.codeTemplates')}
      </Text>
      {form.templates.map((row, index) => (
        <Card key={row.language} withBorder padding="xs">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {row.language}
            </Text>
            <Group gap="xs">
              <Switch
                size="xs"
                label={t('languages.enabled')}
                checked={row.enabled}
                onChange={(e) => setTemplate(index, { enabled: e.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('actions.remove')}
                onClick={() => onChange({ templates: form.templates.filter((_, i) => i !== index) })}
              >
                ✕
              </ActionIcon>
            </Group>
          </Group>
          <Textarea
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={row.code}
            onChange={(e) => setTemplate(index, { code: e.currentTarget.value })}
            aria-label={row.language}
          />
        </Card>
      ))}
      <Group align="flex-end">
        <Select
          size="xs"
          w={180}
          placeholder={t('languages.pickTemplate')}
          data={withoutTemplate}
          value={templateLanguage}
          onChange={setTemplateLanguage}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!templateLanguage}
          onClick={() => {
            if (!templateLanguage) return;
            onChange({ templates: [...form.templates, { language: templateLanguage, code: '', enabled: true }] });
            setTemplateLanguage(null);
          }}
        >
          {t('languages.addTemplate')}
        </Button>
      </Group>
    </Stack>
  );
};
