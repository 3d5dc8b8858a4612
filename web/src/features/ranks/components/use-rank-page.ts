import { useState } from 'react';
import { useRemote } from '../../../lib/use-remote';

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
  return {
    page,
    setPage,
    search,
    rows: remote.data?.records ?? [],
    total: remote.data?.total ?? 0,
    firstRank: (page - 1) * 50 + 1,
    isLoading: remote.isLoading,
  };
};
