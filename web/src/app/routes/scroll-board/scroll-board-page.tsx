import { useSearch } from 'wouter';
import { ScrollBoardView } from '@/features/scroll-board/components/scroll-board-view';
import { parseScrollBoardQuery } from '@/features/scroll-board/scroll-board-query';

/** /scrollBoard: a bare page opened in its own window from the contest's scroll-board tab. */
export const ScrollBoardPage = () => {
  const search = useSearch();
  return <ScrollBoardView query={parseScrollBoardQuery(search)} />;
};
