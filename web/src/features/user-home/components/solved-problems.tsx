import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { paths } from '@/config/paths';
import { DifficultyBadge } from '@/components/difficulty-badge';
import type { UserHome } from '../api/get-user-home';

/** Spec 000 §2.6: solved problems grouped by difficulty (0 Easy, 1 Mid, 2 Hard). */
export const SolvedProblems = ({ groups }: { groups: UserHome['solvedGroupByDifficulty'] }) => {
  const { t } = useTranslation('userHome');
  const entries = Object.entries(groups ?? {})
    .filter(([, problems]) => problems.length > 0)
    .sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) {
    return <EmptyListText>{t('solved.none')}</EmptyListText>;
  }
  return (
    <Stack gap="md" data-testid="solved-problems">
      {entries.map(([difficulty, problems]) => (
        <Stack key={difficulty} gap={6} data-testid="solved-group" data-difficulty={difficulty}>
          <Group gap="xs">
            <DifficultyBadge difficulty={Number(difficulty)} />
            <Text size="sm" c="dimmed">
              {t('solved.count', { count: problems.length })}
            </Text>
          </Group>
          <Group gap="xs">
            {problems.map((problem) => (
              <Anchor
                key={problem.id}
                component={Link}
                href={paths.problem(problem.problemId)}
                size="sm"
                px={8}
                py={2}
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
                data-testid="solved-problem"
              >
                {problem.problemId}
              </Anchor>
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
};
