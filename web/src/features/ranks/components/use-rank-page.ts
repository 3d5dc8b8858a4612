import { useState } from 'react';
import { useRemote } from '@/lib/use-remote';
import { rankPageSize } from '../api/get-rank-list';

type PageOf<Row> = { records: Row[]; total: number };

/** Page and search state of a rank page; a new search starts again at page 1. */
export const useRankPage = <Row>(
  load: (query: { currentPage: number; searchUser: string }) => Promise<PageOf<Row>>,
) => {
  const [page, setPage] = useState(1);
  const [searchUser, setSearchUser] = useState('');
  const remote = useRemote(() => load({ currentPage: page, searchUser }), [page, searchUser]);
  const search = (text: string) => {
    if (text === searchUser) return;
    setSearchUser(text);
    setPage(1);
  };
  const rows = remote.data?.records ?? [];
  return {
    page,
    setPage,
    search,
    rows,
    /** The chart's top ten: the first ten of page 1, none on later pages. */
    topTen: page === 1 ? rows.slice(0, 10) : [],
    total: remote.data?.total ?? 0,
    firstRank: (page - 1) * rankPageSize + 1,
    isLoading: remote.isLoading,
  };
};

export type RankPage<Row> = ReturnType<typeof useRankPage<Row>>;
