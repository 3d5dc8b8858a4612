import { useEffect, useState } from 'react';
import { Card, Container, Grid, Group, LoadingOverlay, Pagination, Select, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { getProblemList } from '@/features/problems/api/get-problem-list';
import {
  getProblemTagsAndClassification,
  type TagGroups,
} from '@/features/problems/api/get-problem-tags-and-classification';
import { getRandomProblem } from '@/features/problems/api/get-random-problem';
import { getUserProblemStatus, type ProblemStatusMap } from '@/features/problems/api/get-user-problem-status';
import type { ProblemRow } from '@/lib/problem-schemas';
import { ProblemFilters } from '@/features/problems/components/problem-filters';
import { ProblemTable } from '@/features/problems/components/problem-table';
import { TagPanel } from '@/features/problems/components/tag-panel';
import {
  buildProblemListQuery,
  parseProblemListQuery,
  type ProblemListFilters,
} from '@/features/problems/problem-list-query';
import { pageSizeOptions } from '@/features/submissions/submission-list-query';
import { session } from '@/stores/session';

/** /problem: the public bank with every filter of spec 000 §2.3, read from and written to the URL. */
export const ProblemListPage = () => {
  const { t } = useTranslation('problems');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const isSmall = useMediaQuery('(max-width: 768px)');
  const filters = parseProblemListQuery(search);
  const [page, setPage] = useState<{ records: ProblemRow[]; total: number } | null>(null);
  const [statuses, setStatuses] = useState<ProblemStatusMap | null>(null);
  const [tagGroups, setTagGroups] = useState<TagGroups>([]);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [isTagColumnShown, setTagColumnShown] = useState(true);
  const requestKey = buildProblemListQuery(filters);
  const tagOj = filters.oj === '' ? 'All' : filters.oj === 'Mine' ? 'ME' : filters.oj;

  useEffect(() => {
    let isActive = true;
    const current = parseProblemListQuery(requestKey);
    getProblemList({
      keyword: current.keyword || undefined,
      difficulty: current.difficulty ?? undefined,
      oj: current.oj || undefined,
      tagIds: current.tagIds,
      currentPage: current.currentPage,
      limit: current.limit,
    })
      .then(async (reply) => {
        if (!isActive) return;
        setPage(reply);
        const pids = reply.records.map((row) => row.pid);
        const mine = token && pids.length > 0 ? await getUserProblemStatus(pids).catch(() => ({})) : null;
        if (isActive) setStatuses(token ? (mine ?? {}) : null);
      })
      .catch(() => undefined)
      .finally(() => isActive && setLoadedKey(requestKey));
    return () => {
      isActive = false;
    };
  }, [requestKey, token]);

  useEffect(() => {
    let isActive = true;
    getProblemTagsAndClassification(tagOj)
      .then((groups) => isActive && setTagGroups(groups))
      .catch(() => undefined);
    return () => {
      isActive = false;
    };
  }, [tagOj]);

  const go = (next: ProblemListFilters) => {
    const query = buildProblemListQuery(next);
    navigate(query ? `${paths.problems()}?${query}` : paths.problems());
  };
  const toggleTag = (tagId: number) => {
    const tagIds = filters.tagIds.includes(tagId)
      ? filters.tagIds.filter((id) => id !== tagId)
      : [...filters.tagIds, tagId];
    go({ ...filters, tagIds, currentPage: 1 });
  };
  const openRandom = async () => {
    try {
      const { problemId } = await getRandomProblem();
      navigate(paths.problem(problemId));
    } catch {
      // The API client showed why.
    }
  };
  const pages = page ? Math.max(1, Math.ceil(page.total / filters.limit)) : 1;
  return (
    <Container size="xl" py="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Card withBorder radius="md" padding="lg" pos="relative">
            <LoadingOverlay visible={loadedKey !== requestKey && !page} />
            <Title order={3} mb="md">
              {t('list.title')}
            </Title>
            <ProblemFilters
              filters={filters}
              onChange={go}
              onReset={() => navigate(paths.problems())}
              onToggleTags={() => setTagColumnShown((shown) => !shown)}
              onRandom={() => void openRandom()}
            />
            <div style={{ marginTop: 16 }}>
              <ProblemTable
                rows={page?.records ?? []}
                statuses={statuses}
                isTagColumnShown={isTagColumnShown}
                onTagClick={toggleTag}
              />
            </div>
            <Group justify="space-between" mt="md" wrap="wrap">
              <Select
                w={110}
                size="xs"
                value={String(filters.limit)}
                onChange={(value) => value && go({ ...filters, limit: Number(value), currentPage: 1 })}
                data={pageSizeOptions.map((size) => ({ value: String(size), label: t('list.perPage', { size }) }))}
              />
              <Pagination
                total={pages}
                value={Math.min(filters.currentPage, pages)}
                onChange={(currentPage) => go({ ...filters, currentPage })}
                size={isSmall ? 'sm' : 'md'}
              />
            </Group>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TagPanel groups={tagGroups} selected={filters.tagIds} onToggle={toggleTag} />
        </Grid.Col>
      </Grid>
    </Container>
  );
};
