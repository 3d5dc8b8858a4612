import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/markdown-view';
import type { SectionProps } from './section-props';

/** Description, input, output, examples, hint and source. */
export const StatementSection = ({ form, onChange }: SectionProps) => {
  const { t } = useTranslation('adminProblems');
  const setExample = (index: number, patch: Partial<{ input: string; output: string }>) =>
    onChange({ examples: form.examples.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  return (
    <Stack gap="sm">
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={4}
        value={form.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      {form.description.trim() !== '' && (
        <Card withBorder padding="sm" data-testid="description-preview">
          <Text size="xs" c="dimmed" mb={4}>
            {t('fields.preview')}
          </Text>
          <MarkdownView source={form.description} />
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('fields.input')}
          required
          autosize
          minRows={3}
          value={form.input}
          onChange={(e) => onChange({ input: e.currentTarget.value })}
        />
        <Textarea
          label={t('fields.output')}
          required
          autosize
          minRows={3}
          value={form.output}
          onChange={(e) => onChange({ output: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {t('fields.examples')}
      </Text>
      {form.examples.length > 2 && (
        <Alert color="yellow" py={6}>
          {t('examples.tooMany')}
        </Alert>
      )}
      {form.examples.map((example, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
            <Textarea
              aria-label={t('examples.input', { n: index + 1 })}
              placeholder={t('examples.input', { n: index + 1 })}
              autosize
              minRows={2}
              styles={{ input: { fontFamily: 'monospace' } }}
              value={example.input}
              onChange={(e) => setExample(index, { input: e.currentTarget.value })}
            />
            <Textarea
              aria-label={t('examples.output', { n: index + 1 })}
              placeholder={t('examples.output', { n: index + 1 })}
              autosize
              minRows={2}
              styles={{ input: { fontFamily: 'monospace' } }}
              value={example.output}
              onChange={(e) => setExample(index, { output: e.currentTarget.value })}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('actions.remove')}
            onClick={() => onChange({ examples: form.examples.filter((_, i) => i !== index) })}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        onClick={() => onChange({ examples: [...form.examples, { input: '', output: '' }] })}
      >
        {t('examples.add')}
      </Button>
      <Textarea
        label={t('fields.hint')}
        autosize
        minRows={2}
        value={form.hint}
        onChange={(e) => onChange({ hint: e.currentTarget.value })}
      />
      <TextInput
        label={t('fields.source')}
        value={form.source}
        onChange={(e) => onChange({ source: e.currentTarget.value })}
      />
    </Stack>
  );
};
