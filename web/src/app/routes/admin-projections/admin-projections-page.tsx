import { ProjectionsPage } from '@/features/admin-projections/components/projections-page';

/** /admin/projections: read models, their lag and rebuilds (issue 13 item 5). */
export const AdminProjectionsPage = () => <ProjectionsPage />;
