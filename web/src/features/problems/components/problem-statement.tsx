import { useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { paths } from '@/config/paths';
import { websiteConfig } from '@/features/site/state/website-config';
import { copyText } from '@/components/code-view';
import type { ProblemDetail } from '../api/get-problem-detail';
import type { Example } from '@/lib/problem-examples';
import { shownLimits } from '../problem-limits';
import { DifficultyBadge } from '@/components/difficulty-badge';
import { StatisticsPie } from './statistics-pie';
import { TagChip } from './tag-chip';

const Section = ({ title, text }: { title: string; text: string | null | undefined }) =>
  text ? (
    <Box>
      <Title order={5} mb={4} c="indigo.8">
        {title}
      </Title>
      <MarkdownView source={text} />
    </Box>
  ) : null;

const ExampleBlock = ({ label, text }: { label: string; text: string }) => {
  const { t } = useTranslation('problems');
  return (
    <Box>
      <Group justify="space-between" mb={2}>
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void copyText(text, t)}>
          {t('examples.copy')}
        </Button>
      </Group>
      <Box component="pre" m={0} p="xs" fz="sm" bg="gray.0" style={{ borderRadius: 4, whiteSpace: 'pre-wrap' }}>
        {text}
      </Box>
    </Box>
  );
};

type Props = {
  detail: ProblemDetail;
  examples: readonly Example[];
  /**
   * Inside a contest: the heading shows the display id, the solutions button opens the contest's submissions of
   * this problem, and the bank's discussion and the difficulty the server withholds while running are left out.
   */
  contest?: { displayId: string; submissionsHref: string };
};

/** Everything the problem description tab shows (spec 000 §2.4). */
export const ProblemStatement = ({ detail, examples, contest }: Props) => {
  const { t } = useTranslation('problems');
  const config = useSnapshot(websiteConfig);
  const [isStatsOpen, setStatsOpen] = useState(false);
  const { problem, tags, problemCount } = detail;
  const limits = shownLimits(problem);
  return (
    <Stack gap="md" data-testid="problem-statement">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={3}>
          {contest?.displayId ?? problem.problemId}. {problem.title}
        </Title>
        {!(contest && problem.difficulty == null) && <DifficultyBadge difficulty={problem.difficulty} />}
      </Group>
      <Card withBorder padding="xs" bg="gray.0">
        <Text size="sm">
          {t('limits.time')}: {limits.timeMs}MS
          {limits.otherTimeMs !== null && ` (C/C++), ${limits.otherTimeMs}MS ${t('limits.others')}`}
        </Text>
        <Text size="sm">
          {t('limits.memory')}: {limits.memoryMb}MB
          {limits.otherMemoryMb !== null && ` (C/C++), ${limits.otherMemoryMb}MB ${t('limits.others')}`}
        </Text>
        {problem.isFileIO && (
          <Text size="sm">
            {t('limits.fileIo', { input: problem.ioReadFileName ?? '', output: problem.ioWriteFileName ?? '' })}
          </Text>
        )}
      </Card>
      <Section title={t('statement.description')} text={problem.description} />
      <Section title={t('statement.input')} text={problem.input} />
      <Section title={t('statement.output')} text={problem.output} />
      {examples.map((example, index) => (
        <SimpleGrid key={index} cols={{ base: 1, sm: 2 }} spacing="sm">
          <ExampleBlock label={t('examples.input', { n: index + 1 })} text={example.input} />
          <ExampleBlock label={t('examples.output', { n: index + 1 })} text={example.output} />
        </SimpleGrid>
      ))}
      <Section title={t('statement.hint')} text={problem.hint} />
      <Section title={t('statement.source')} text={problem.source} />
      <Group gap="xs" wrap="wrap">
        {problem.author && (
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {t('statement.author')}:{' '}
            <Anchor component={Link} href={paths.userHome({ username: problem.author })} size="xs">
              {problem.author}
            </Anchor>
          </Badge>
        )}
        {tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="light" onClick={() => setStatsOpen(true)}>
          {t('statistics.open')}
        </Button>
        <Button
          size="xs"
          variant="light"
          component={Link}
          href={
            contest?.submissionsHref ??
            `/status?problemID=${encodeURIComponent(problem.problemId)}&completeProblemID=true`
          }
        >
          {t('statement.solutions')}
        </Button>
        {config.openPublicDiscussion && !contest && (
          <Button
            size="xs"
            variant="light"
            component={Link}
            href={`/discussion/${encodeURIComponent(problem.problemId)}`}
          >
            {t('statement.discussion')}
          </Button>
        )}
      </Group>
      <Modal opened={isStatsOpen} onClose={() => setStatsOpen(false)} title={t('statistics.title')} centered>
        {problemCount && <StatisticsPie counts={problemCount} />}
      </Modal>
    </Stack>
  );
};
