import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';

/** GET /api/logout: revokes every token of the user (api-core §1). */
export const logout = () => apiGet('/logout', z.unknown(), { silent: true });
