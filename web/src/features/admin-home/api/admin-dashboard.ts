import { dashboardInfoSchema, loginSessionSchema, quarantinedEventsSchema } from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

/** GET /api/admin/dashboard/get-dashboard-info (admin §5.1): users, recent contests, submissions today. */
export const getDashboardInfo = () => apiGet('/admin/dashboard/get-dashboard-info', dashboardInfoSchema);

/** POST /api/admin/dashboard/get-sessions: the caller's previous login (null when none is recorded). */
export const getPreviousSession = () => apiPost('/admin/dashboard/get-sessions', undefined, loginSessionSchema);

/** GET /api/admin/dashboard/get-quarantined-events (root only): events the projector could not apply (F5). */
export const getQuarantinedEvents = () => apiGet('/admin/dashboard/get-quarantined-events', quarantinedEventsSchema);
