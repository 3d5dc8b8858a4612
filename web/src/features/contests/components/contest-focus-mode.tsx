import type { ReactNode } from 'react';
import { Box, Button, Card, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRemote } from '@/lib/use-remote';
import { getFullScreenProblemList } from '../api/get-full-screen-problem-list';
import { countdown, isMenuDisabled } from '../contest-rules';
import { contestProblemPath } from '../contest-tab-paths';
import { ContestStatusTag } from './contest-status-tag';
import { FocusModeProblemStrip } from './focus-mode-problem-strip';
import { useContest, type ContestView } from './use-contest';
import { useUnreadAnnouncements } from './use-unread-announcements';

type Props = {
  cid: string;
  displayId: string;
  /** The contest problem page (statement and editor panel, composed by app/); onJudged refreshes the strip. */
  problemView: (view: ContestView, displayId: string, onJudged: () => void) => ReactNode;
};

/** The slim bar that replaces the contest header: title, state, time left and the way out. */
const FocusModeBar = ({ view, displayId }: { view: ContestView; displayId: string }) => {
  const { t } = useTranslation('contests');
  const clock = countdown(view.contest, view.nowMs);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Text fw={700} truncate="end" data-testid="contest-title">
          {view.contest.title}
        </Text>
        <ContestStatusTag status={view.status} />
        {clock.kind === 'remaining' && (
          <Text size="sm" fw={600} ff="monospace" visibleFrom="xs" data-testid="contest-clock">
            {clock.text}
          </Text>
        )}
      </Group>
      <Button
        component={Link}
        href={contestProblemPath(view.cid, displayId)}
        variant="default"
        size="xs"
        style={{ flexShrink: 0 }}
        data-testid="focus-mode-exit"
      >
        {t('focusMode.exit')}
      </Button>
    </Group>
  );
};

/**
 * Focus mode (spec 002 §4, /contest/:cid/problem/:pid/full-screen): the problem page at full width without the
 * contest's header and tabs, beside a strip of the contest's problems with the caller's standing on each.
 */
export const ContestFocusMode = ({ cid, displayId, problemView }: Props) => {
  const { t } = useTranslation('contests');
  const { view, hasFailed } = useContest(cid);
  useUnreadAnnouncements(cid, view !== null && view.status !== 1 && view.isSignedIn);
  // Read at once, not after the first paint: a layout switch would mount the problem view (and its editor) twice.
  const isRail = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const isOpen = view !== null && !isMenuDisabled(view.contest, view.nowMs, view.isAdmin, view.hasAccess);
  const problems = useRemote(
    async () => (isOpen ? getFullScreenProblemList(cid) : undefined),
    [cid, displayId, isOpen],
  );
  if (hasFailed || !view) {
    return (
      <Container py="xl" ta="center">
        {hasFailed ? <Text c="dimmed">{t('shell.failed')}</Text> : <Loader />}
      </Container>
    );
  }
  const strip = (
    <FocusModeProblemStrip
      cid={cid}
      currentDisplayId={displayId}
      problems={problems.data}
      hasFailed={problems.hasFailed}
      isRail={isRail}
    />
  );
  const problem = isOpen ? (
    problemView(view, displayId, problems.reload)
  ) : (
    <Text ta="center" c="dimmed" py="xl">
      {t('shell.menuDisabled')}
    </Text>
  );
  return (
    <Box px={{ base: 'xs', sm: 'md' }} py="sm" data-testid="contest-focus-mode">
      <Stack gap="sm">
        <Card withBorder radius="md" padding="xs" px="sm">
          <FocusModeBar view={view} displayId={displayId} />
        </Card>
        {isRail ? (
          <Group align="flex-start" wrap="nowrap" gap="md">
            <Card withBorder radius="md" padding="xs" w={240} style={{ flexShrink: 0, position: 'sticky', top: 8 }}>
              {strip}
            </Card>
            <Box style={{ flex: 1, minWidth: 0 }}>{problem}</Box>
          </Group>
        ) : (
          <>
            <Card withBorder radius="md" padding={4}>
              {strip}
            </Card>
            {problem}
          </>
        )}
      </Stack>
    </Box>
  );
};
