import type { Projection } from '../runner/projection';
import { siteConfigProjection } from './site-config/site-config.projection';
import { usersProjection } from './users/users.projection';

/**
 * Every projection the projector runs, registered explicitly (no directory scan). Append yours here;
 * its name is its checkpoint row and the argument of `npm run projections:rebuild -- <name>`.
 */
export const projections: readonly Projection[] = [usersProjection, siteConfigProjection];
