import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { AcHelper } from '@/features/contests/components/ac-helper';
import { AcSubmissionDownload } from '@/features/contests/components/ac-submission-download';
import { AdminPrintQueue } from '@/features/contests/components/admin-print-queue';
import { ContestFocusMode } from '@/features/contests/components/contest-focus-mode';
import { ContestAnnouncementList } from '@/features/contests/components/contest-announcement-list';
import { ContestOverview } from '@/features/contests/components/contest-overview';
import { ContestProblemTable } from '@/features/contests/components/contest-problem-table';
import { ContestRejudgeTable } from '@/features/contests/components/contest-rejudge-table';
import { ContestShell } from '@/features/contests/components/contest-shell';
import { ContestSubmissionList } from '@/features/contests/components/contest-submission-list';
import { PrintRequestForm } from '@/features/contests/components/print-request-form';
import { contestFocusModePath } from '@/features/contests/contest-tab-paths';
import { getContestRankTotal } from '@/features/scoreboards/api/get-contest-rank';
import { ScrollBoardConfig } from '@/features/scroll-board/components/scroll-board-config';
import { ContestProblemView } from './contest-problem-view';
import { ContestRankTab } from './contest-rank-tab';

const useContestId = () => useParams<{ contestID: string }>().contestID ?? '';

/** The contest shell's pages (spec 001 §2.2): one route per tab, all inside the same shell. */
export const ContestOverviewPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="overview">
      {(view) => <ContestOverview view={view} />}
    </ContestShell>
  );
};

export const ContestProblemListPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="problems">
      {(view) => <ContestProblemTable view={view} />}
    </ContestShell>
  );
};

const useProblemDisplayId = () => decodeURIComponent(useParams<{ problemID: string }>().problemID ?? '');

export const ContestProblemPage = () => {
  const { t } = useTranslation('contests');
  const cid = useContestId();
  const displayId = useProblemDisplayId();
  return (
    <ContestShell cid={cid} tab="problems">
      {(view) => (
        <ContestProblemView
          view={view}
          displayId={displayId}
          paneControls={
            <Button
              component={Link}
              href={contestFocusModePath(cid, displayId)}
              variant="subtle"
              size="compact-xs"
              data-testid="focus-mode-enter"
            >
              {t('focusMode.enter')}
            </Button>
          }
        />
      )}
    </ContestShell>
  );
};

/** Focus mode: the same problem without the shell, with the contest's problem strip. */
export const ContestFocusModePage = () => (
  <ContestFocusMode
    cid={useContestId()}
    displayId={useProblemDisplayId()}
    problemView={(view, displayId, onJudged) => (
      <ContestProblemView key={displayId} view={view} displayId={displayId} onJudged={onJudged} />
    )}
  />
);

export const ContestSubmissionListPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="submissions">
      {(view) => <ContestSubmissionList view={view} />}
    </ContestShell>
  );
};

export const ContestRankPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="rank">
      {(view) => <ContestRankTab view={view} />}
    </ContestShell>
  );
};

export const ContestAnnouncementPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="announcements">
      {() => <ContestAnnouncementList cid={cid} />}
    </ContestShell>
  );
};

export const ContestPrintPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="print">
      {() => <PrintRequestForm cid={cid} />}
    </ContestShell>
  );
};

export const ContestAcInfoPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="acInfo">
      {() => (
        <>
          <AcSubmissionDownload cid={cid} />
          <AcHelper cid={cid} />
        </>
      )}
    </ContestShell>
  );
};

export const ContestAdminPrintPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="adminPrint">
      {() => <AdminPrintQueue cid={cid} />}
    </ContestShell>
  );
};

export const ContestRejudgePage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="rejudge">
      {() => <ContestRejudgeTable cid={cid} />}
    </ContestShell>
  );
};

export const ContestScrollBoardConfigPage = () => {
  const cid = useContestId();
  return (
    <ContestShell cid={cid} tab="scrollBoard">
      {(view) => <ScrollBoardConfig cid={cid} isEnded={view.status === 1} rankTotal={getContestRankTotal} />}
    </ContestShell>
  );
};
