import { AdminDashboard } from '@/features/admin-home/components/admin-dashboard';
import { AnnouncementAdmin } from '@/features/admin-home/components/announcement-admin';
import { CarouselAdmin } from '@/features/admin-home/components/carousel-admin';

export const AdminAnnouncementPage = () => <AnnouncementAdmin />;

/** /admin/conf: only the home carousel section so far (HOJ's page also edits the site, mail and database settings). */
export const AdminConfPage = () => <CarouselAdmin />;

/** /admin and /admin/dashboard: the back office's home. */
export const AdminDashboardPage = () => <AdminDashboard />;
