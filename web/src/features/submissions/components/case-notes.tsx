import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CaseResult } from '../api/get-all-case-result';
import { notedCases, type InteractionStory } from '../case-results';
import { statusInfo } from '../judge-status';

const StorySentence = ({ story }: { story: InteractionStory }) => {
  const { t } = useTranslation('submissions');
  return (
    <Text size="sm" data-testid="interaction-story">
      {t(`cases.story.${story.key}`, {
        n: story.n,
        interactor: t(`cases.interactor.${story.interactor}`),
        program: t(`cases.program.${story.program}`),
      })}
    </Text>
  );
};

/**
 * Below the case cards: each case's message (the checker's, the interactor's or the exit text, HOJ's userOutput)
 * and, for an interactive case whose verdict hid the interactor's, what happened in which order (issue 11).
 */
export const CaseNotes = ({ cases }: { cases: readonly CaseResult[] }) => {
  const { t } = useTranslation('submissions');
  const noted = notedCases(cases);
  if (noted.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="case-notes">
      <Text size="sm" fw={600}>
        {t('cases.messages')}
      </Text>
      {noted.map(({ result, index, story }) => {
        const info = statusInfo(result.status);
        const n = result.seq ?? index + 1;
        return (
          <Paper key={`${n}-${index}`} withBorder radius="sm" p="xs" data-testid="case-note" data-seq={n}>
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t('cases.case', { n })}
                </Text>
                <Text size="xs" fw={700} c={`${info.color}.7`}>
                  {info.short}
                </Text>
              </Group>
              {story && <StorySentence story={story} />}
              {result.userOutput && (
                <Code block data-testid="case-message" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {result.userOutput}
                </Code>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
};
