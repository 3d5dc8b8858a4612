import { noData } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/logout: revokes every token of the user (api-core §1). */
export const logout = () => apiGet('/logout', noData, { silent: true });

/** GET /api/admin/logout (admin §5.1): the back office's sign-out; it too ends every session of the user. */
export const adminLogout = () => apiGet('/admin/logout', noData, { silent: true });
