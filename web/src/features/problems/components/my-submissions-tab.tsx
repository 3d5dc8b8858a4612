import { Pagination, Stack } from '@mantine/core';
import { useState } from 'react';
import { SubmissionTable } from '@/features/submissions/components/submission-table';
import { useSubmissionPage } from '@/features/submissions/components/use-submission-page';

/** Spec 000 §9: my submissions on the problem page show 10 per page. */
const pageSize = 10;

/** The "my submissions" tab of the problem page; a row opens its details (spec 000 §2.4). */
export const MySubmissionsTab = ({
  problemId,
  viewerUid,
  version,
}: {
  problemId: string;
  viewerUid: string;
  version: number;
}) => {
  const [currentPage, setCurrentPage] = useState(1);
  const { page, reload } = useSubmissionPage(
    { onlyMine: true, problemID: problemId, completeProblemID: true, currentPage, limit: pageSize },
    version,
  );
  return (
    <Stack gap="sm">
      <SubmissionTable rows={page?.records ?? []} viewerUid={viewerUid} isRoot={false} onChanged={reload} isCompact />
      {page && page.total > pageSize && (
        <Pagination size="sm" total={Math.ceil(page.total / pageSize)} value={currentPage} onChange={setCurrentPage} />
      )}
    </Stack>
  );
};
