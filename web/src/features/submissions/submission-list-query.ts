/** The submission list's URL query (spec 000 §2.5), parsed with the paging rules of spec 000 §5. */
export type SubmissionListFilters = {
  onlyMine: boolean;
  status: number | null;
  username: string;
  problemID: string;
  completeProblemID: boolean;
  uid: string;
  gid: string;
  currentPage: number;
  limit: number;
};

export const submissionPageSize = 15;
export const pageSizeOptions = [10, 15, 30, 50, 100] as const;

const positiveInt = (text: string | null, fallback: number): number => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? value : fallback;
};

export const parseSubmissionListQuery = (search: string): SubmissionListFilters => {
  const params = new URLSearchParams(search);
  const status = Number.parseInt(params.get('status') ?? '', 10);
  return {
    onlyMine: params.get('onlyMine') === 'true',
    status: Number.isFinite(status) ? status : null,
    username: params.get('username')?.trim() ?? '',
    problemID: params.get('problemID')?.trim() ?? '',
    completeProblemID: params.get('completeProblemID') === 'true',
    uid: params.get('uid') ?? '',
    gid: params.get('gid') ?? '',
    currentPage: positiveInt(params.get('currentPage'), 1),
    limit: positiveInt(params.get('limit'), submissionPageSize),
  };
};

/** The query string for some filters; defaults are left out so links stay short. */
export const buildSubmissionListQuery = (filters: SubmissionListFilters): string => {
  const params = new URLSearchParams();
  if (filters.onlyMine) params.set('onlyMine', 'true');
  if (filters.status !== null) params.set('status', String(filters.status));
  // Spec 000 §2.5: only-mine clears the username filter.
  if (filters.username && !filters.onlyMine) params.set('username', filters.username);
  if (filters.problemID) params.set('problemID', filters.problemID);
  if (filters.completeProblemID) params.set('completeProblemID', 'true');
  if (filters.uid) params.set('uid', filters.uid);
  if (filters.gid) params.set('gid', filters.gid);
  if (filters.currentPage > 1) params.set('currentPage', String(filters.currentPage));
  if (filters.limit !== submissionPageSize) params.set('limit', String(filters.limit));
  return params.toString();
};
