/** /scrollBoard?cid=&removeStar=&medals[]=g&medals[]=s&medals[]=b (reference §2.18). */
export type ScrollBoardQuery = { cid: string; removeStar: boolean; medals: [number, number, number] };

const count = (text: string | undefined) => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : 0;
};

export const parseScrollBoardQuery = (search: string): ScrollBoardQuery => {
  const params = new URLSearchParams(search);
  const medals = params.getAll('medals[]');
  return {
    cid: params.get('cid') ?? '',
    removeStar: params.get('removeStar') === 'true',
    medals: [count(medals[0]), count(medals[1]), count(medals[2])],
  };
};

export const buildScrollBoardUrl = (query: ScrollBoardQuery): string => {
  const params = new URLSearchParams({ cid: query.cid, removeStar: String(query.removeStar) });
  for (const medal of query.medals) params.append('medals[]', String(medal));
  return `/scrollBoard?${params.toString()}`;
};

/** Default medal counts: 10 %, 20 %, 30 % of the rank page's total (reference Part 4). */
export const defaultMedals = (total: number): [number, number, number] => [
  Math.floor(total * 0.1),
  Math.floor(total * 0.2),
  Math.floor(total * 0.3),
];
