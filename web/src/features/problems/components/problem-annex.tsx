import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** userExtraFile is a JSON string of file name → content (api-core §3); null or broken reads as none. */
export const parseAnnex = (text: string | null | undefined): [string, string][] => {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  } catch {
    return [];
  }
};

const saveLocally = (name: string, content: string) => {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
};

/** The problem annex tab: each extra file, saved locally (no server download, as in HOJ). */
export const ProblemAnnex = ({ files }: { files: readonly [string, string][] }) => {
  const { t } = useTranslation('problems');
  return (
    <Stack gap="xs">
      {files.map(([name, content]) => (
        <Card key={name} withBorder padding="sm">
          <Group justify="space-between">
            <Text ff="monospace" size="sm">
              {name}
            </Text>
            <Button size="xs" variant="light" onClick={() => saveLocally(name, content)}>
              {t('annex.download')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
};
