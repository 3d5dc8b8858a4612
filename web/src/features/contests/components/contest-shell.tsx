import { useEffect, useRef, type ReactNode } from 'react';
import { Container, Loader, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isMenuDisabled, visibleTabs, type ContestTab } from '../contest-rules';
import { contestTabPath } from '../contest-tab-paths';
import { ContestHeader } from './contest-header';
import { useContest, type ContestView } from './use-contest';
import { useUnreadAnnouncements } from './use-unread-announcements';

type Props = {
  cid: string;
  tab: ContestTab;
  children: (view: ContestView) => ReactNode;
};

/** The contest shell (spec 001 §2.2): header, the tabs this viewer may see, then the tab's page. */
export const ContestShell = ({ cid, tab, children }: Props) => {
  const { t } = useTranslation('contests');
  const [, navigate] = useLocation();
  const { view, hasFailed } = useContest(cid);
  useUnreadAnnouncements(cid, view !== null && view.status !== 1 && view.isSignedIn);
  const tabStrip = useRef<HTMLDivElement>(null);
  const isShown = view !== null;
  useEffect(() => {
    // On a phone the strip scrolls: keep the open tab in sight (the admin tabs sit past the screen's edge).
    const centreOpenTab = () => {
      const strip = tabStrip.current;
      const active = strip?.querySelector<HTMLElement>('[data-active]');
      if (!strip || !active) return;
      const offset = active.getBoundingClientRect().left - strip.getBoundingClientRect().left;
      strip.scrollLeft += offset - (strip.clientWidth - active.offsetWidth) / 2;
    };
    centreOpenTab();
    window.addEventListener('resize', centreOpenTab);
    return () => window.removeEventListener('resize', centreOpenTab);
  }, [tab, isShown]);
  if (hasFailed) {
    return (
      <Container py="xl">
        <Text ta="center" c="dimmed">
          {t('shell.failed')}
        </Text>
      </Container>
    );
  }
  if (!view) {
    return (
      <Container py="xl" ta="center">
        <Loader />
      </Container>
    );
  }
  const isDisabled = isMenuDisabled(view.contest, view.nowMs, view.isAdmin, view.hasAccess);
  const tabs = visibleTabs(view.contest, view);
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <ContestHeader view={view} />
        <ScrollArea type="auto" scrollbarSize={4} viewportRef={tabStrip}>
          <Tabs value={tab} onChange={(next) => next && navigate(contestTabPath(cid, next as ContestTab))}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {tabs.map((name) => (
                <Tabs.Tab
                  key={name}
                  value={name}
                  disabled={isDisabled && name !== 'overview'}
                  data-testid={`contest-tab-${name}`}
                >
                  {t(`tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
        {isDisabled && tab !== 'overview' ? (
          <Text ta="center" c="dimmed" py="xl">
            {t('shell.menuDisabled')}
          </Text>
        ) : (
          children(view)
        )}
      </Stack>
    </Container>
  );
};
