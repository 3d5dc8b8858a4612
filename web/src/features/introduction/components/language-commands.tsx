import { Badge, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@/lib/use-remote';
import { fetchLanguages } from '@/lib/language-list';

const Command = ({ label, command }: { label: string; command: string | null | undefined }) => (
  <div>
    <Text size="xs" c="dimmed" mb={2}>
      {label}
    </Text>
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {command || '—'}
    </Code>
  </div>
);

/** Issue 11: every language the site offers, with the compile and run command the judge uses for it. */
export const LanguageCommands = () => {
  const { t } = useTranslation('introduction');
  const languages = useRemote(fetchLanguages, []);
  return (
    <Stack gap="sm" mt={48} data-testid="language-commands">
      <Title order={3}>{t('languages.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('languages.lead')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {(languages.data ?? []).map((language) => (
          <Card key={language.name} withBorder radius="md" padding="md" data-testid="language-command">
            <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
              <Text fw={600}>{language.name}</Text>
              {language.description ? (
                <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                  {language.description}
                </Badge>
              ) : null}
            </Group>
            <Stack gap="xs">
              <Command label={t('languages.compile')} command={language.compileCommand} />
              <Command label={t('languages.run')} command={language.runCommand} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
};
