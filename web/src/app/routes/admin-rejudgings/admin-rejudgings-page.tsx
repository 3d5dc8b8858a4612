import { RejudgingsPage } from '@/features/admin-rejudgings/components/rejudgings-page';

/** /admin/rejudgings: staged rejudges (issue 13 item 4). */
export const AdminRejudgingsPage = () => <RejudgingsPage />;
