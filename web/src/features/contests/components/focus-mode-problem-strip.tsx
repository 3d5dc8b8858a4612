import { Badge, Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { FocusModeProblem } from '@oj/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { statusInfo } from '@/features/submissions/judge-status';
import { contestFocusModePath } from '../contest-tab-paths';

type Props = {
  cid: string;
  currentDisplayId: string;
  problems: readonly FocusModeProblem[] | undefined;
  hasFailed: boolean;
  /** A side rail with titles (wide screens) or a scrolling row of display ids (phones). */
  isRail: boolean;
};

/** The caller's standing as a short verdict tag (the problem list's colours); OI adds the score. */
const StandingTag = ({ problem }: { problem: FocusModeProblem }) => {
  const { t } = useTranslation('submissions');
  if (problem.status === null) return null;
  const info = statusInfo(problem.status);
  return (
    <Badge
      color={info.color}
      size="sm"
      variant="filled"
      title={t(`status.${info.key}`)}
      data-testid="focus-mode-problem-status"
      style={{ flexShrink: 0, textTransform: 'none' }}
    >
      {problem.score === null ? info.short : `${info.short} ${problem.score}`}
    </Badge>
  );
};

type LinkProps = { cid: string; problem: FocusModeProblem; isCurrent: boolean; showsTitle: boolean };

const ProblemLink = ({ cid, problem, isCurrent, showsTitle }: LinkProps) => (
  <UnstyledButton
    component={Link}
    href={contestFocusModePath(cid, problem.problemId)}
    aria-current={isCurrent ? 'page' : undefined}
    data-testid="focus-mode-problem"
    data-problem-id={problem.problemId}
    data-status={problem.status ?? 'untried'}
    px="sm"
    py={6}
    style={{
      display: 'block',
      borderRadius: 6,
      background: isCurrent ? 'var(--mantine-color-blue-light)' : undefined,
      borderLeft: showsTitle
        ? `3px solid ${isCurrent ? 'var(--mantine-color-blue-filled)' : 'transparent'}`
        : undefined,
      flexShrink: 0,
    }}
  >
    <Group gap={8} wrap="nowrap" justify="space-between">
      <Group gap={8} wrap="nowrap" miw={0}>
        <Text fw={700} size="sm" style={{ flexShrink: 0 }}>
          {problem.problemId}
        </Text>
        {showsTitle && (
          <Text size="sm" truncate="end">
            {problem.title}
          </Text>
        )}
      </Group>
      <StandingTag problem={problem} />
    </Group>
  </UnstyledButton>
);

/**
 * Focus mode's problem strip: every visible problem of the contest with the caller's own standing, to jump
 * between them without leaving focus mode. A rail on wide screens, a scrolling row on phones.
 */
export const FocusModeProblemStrip = ({ cid, currentDisplayId, problems, hasFailed, isRail }: Props) => {
  const { t } = useTranslation('contests');
  if (hasFailed && !problems) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('focusMode.stripFailed')}
      </Text>
    );
  }
  const links = (problems ?? []).map((problem) => (
    <ProblemLink
      key={problem.problemId}
      cid={cid}
      problem={problem}
      isCurrent={problem.problemId === currentDisplayId}
      showsTitle={isRail}
    />
  ));
  return (
    <Box component="nav" aria-label={t('focusMode.problems')} data-testid="focus-mode-strip">
      {isRail ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pb={4}>
            {t('focusMode.problems')}
          </Text>
          {links}
        </Stack>
      ) : (
        <ScrollArea type="auto" scrollbarSize={4}>
          <Group gap={4} wrap="nowrap" pb={4}>
            {links}
          </Group>
        </ScrollArea>
      )}
    </Box>
  );
};
