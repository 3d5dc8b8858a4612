import { useEffect, useRef, useState } from 'react';
import { Group, Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  createContestProblem,
  updateContestProblem,
  updateProblem,
} from '@/features/admin-problems/api/admin-problems';
import { ProblemEditorForm, type ContestEditing } from '@/features/admin-problems/components/problem-editor-form';
import {
  getAdminContestProblems,
  getContestProblemLink,
  saveContestProblemLink,
  type ContestProblemLink,
} from '@/features/admin-contests/api/admin-contest-problems';

type Loaded = { contestType: 0 | 1; link: ContestProblemLink | null };

/**
 * /admin/contest/:cid/problem/create and …/:pid/edit: the problem editor in contest mode (type locked to the
 * contest's; a new problem is a contest problem) plus the contest's display id and title. Saving makes HOJ's
 * two calls: the problem (POST or PUT /api/admin/contest/problem), then its link (PUT contest-problem). The
 * admin-problems feature's editor with the admin-contests feature's link calls, composed here.
 */
export const ContestProblemEditor = ({ cid, pid, author }: { cid: string; pid: string | null; author: string }) => {
  const { t } = useTranslation('adminContests');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [displayId, setDisplayId] = useState('');
  const [displayTitle, setDisplayTitle] = useState('');
  // A problem created by a save whose link then failed (a taken display id): the next save edits it.
  const createdPid = useRef<string | null>(null);

  useEffect(() => {
    let isActive = true;
    const load = async (): Promise<Loaded> => {
      // The type from the problem list, not GET /api/admin/contest: that one answers only root and the creator.
      const { type } = await getAdminContestProblems({ cid, currentPage: 1, limit: 1 });
      if (type === null || type === undefined) throw new Error(`no contest ${cid}`);
      const link = pid ? await getContestProblemLink(cid, pid) : null;
      return { contestType: type, link };
    };
    load()
      .then((next) => {
        if (!isActive) return;
        setLoaded(next);
        setDisplayId(next.link?.displayId ?? '');
        setDisplayTitle(next.link?.displayTitle ?? '');
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [cid, pid]);

  if (hasFailed)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('problems.loadFailed')}
      </Text>
    );
  if (!loaded)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );

  const contest: ContestEditing = {
    placement: { contestType: loaded.contestType, locksAuth: pid === null },
    fields: (
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput
          label={t('problems.displayId')}
          required
          value={displayId}
          onChange={(e) => setDisplayId(e.currentTarget.value)}
          data-testid="contest-display-id"
        />
        <TextInput
          label={t('problems.displayTitle')}
          description={t('problems.displayTitleHint')}
          value={displayTitle}
          onChange={(e) => setDisplayTitle(e.currentTarget.value)}
          data-testid="contest-display-title"
        />
      </SimpleGrid>
    ),
    check: () => (displayId.trim() ? null : t('problems.displayIdRequired')),
    save: async (body) => {
      const problemId = pid ?? createdPid.current;
      if (pid) await updateContestProblem(cid, body);
      // Not linked yet, so not an edit from the contest: the bank's edit keeps the locked type and auth.
      else if (createdPid.current)
        await updateProblem({ ...body, problem: { ...body.problem, id: Number(problemId) } });
      else {
        const created = await createContestProblem(cid, body);
        createdPid.current = String(created?.pid ?? '');
      }
      await saveContestProblemLink({
        id: loaded.link?.id ?? null,
        cid,
        pid: problemId ?? createdPid.current ?? '',
        displayId: displayId.trim(),
        // An empty display title is the problem's title (the server does the same for a new link).
        displayTitle: displayTitle.trim() || body.problem.title,
        color: loaded.link?.color ?? null,
      });
    },
    backPath: `/admin/contest/${cid}/problems`,
  };
  return <ProblemEditorForm key={`${cid}-${pid ?? 'new'}`} pid={pid} author={author} contest={contest} />;
};
