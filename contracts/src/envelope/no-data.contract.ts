import { z } from 'zod';

/**
 * The `data` of a reply that carries nothing but its status and message: `{status: 200, msg, data: null}`, what
 * most of HOJ's commands answer (api-core §0.1). One name, so a route declares `hojReply(noData)` and the web
 * parses the same.
 */
export const noData = z.null();
