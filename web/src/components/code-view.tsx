import { Box, Button, Group, ScrollArea, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';

type Props = {
  code: string;
  language: string;
  /** Shown only to the owner when the problem allows sharing (spec 000 §4). */
  share?: { isShared: boolean; onToggle: (next: boolean) => void };
};

export const copyText = async (text: string, t: (key: string) => string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', t('submissions:code.copied'));
  } catch {
    // Spec 000 §8: a failed copy shows a success-style message too.
    showToast('success', t('submissions:code.copyFailed'));
  }
};

/** The submitted code with copy and the share toggle (spec 000 §2.5). */
export const CodeView = ({ code, language, share }: Props) => {
  const { t } = useTranslation('submissions');
  const lines = code.split('\n');
  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {language}
        </Text>
        <Group gap="sm">
          {share && (
            <Switch
              label={t('code.share')}
              checked={share.isShared}
              onChange={(event) => share.onToggle(event.currentTarget.checked)}
            />
          )}
          <Button size="xs" variant="light" onClick={() => void copyText(code, t)}>
            {t('code.copy')}
          </Button>
        </Group>
      </Group>
      {/* The background sits on the scroll area so the strip kept free for a scrollbar matches the code's. */}
      <ScrollArea
        type="auto"
        offsetScrollbars="present"
        mah={600}
        bg="gray.0"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      >
        <Box component="pre" m={0} p="sm" fz="sm" ff="monospace" data-testid="submission-code">
          {lines.map((line, index) => (
            <Box key={index} component="div" style={{ display: 'flex' }}>
              <Box
                component="span"
                c="dimmed"
                w={36}
                style={{ flex: 'none', textAlign: 'right', userSelect: 'none' }}
                pr="sm"
              >
                {index + 1}
              </Box>
              <span>{line}</span>
            </Box>
          ))}
        </Box>
      </ScrollArea>
    </Box>
  );
};
