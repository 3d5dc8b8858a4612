import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RoleName } from '@oj/events';
import { ApiError } from '../http/api-error';
import { platformMessages } from '../i18n/platform-messages';
import { hasPermission, type Permission } from './permissions';
import type { Principal, PrincipalLoader } from './principal';
import type { TokenService } from './tokens';

/**
 * HOJ's call classes (api-core §0.3): `anon` ignores a bad token; `open` runs anonymously without one but
 * rejects a bad one; `login` needs a good one. `roles` / `permission` add HOJ's role and permission checks.
 */
export type CallClass = 'anon' | 'open' | 'login';

export interface AccessRule {
  readonly access?: CallClass;
  readonly roles?: readonly RoleName[];
  readonly permission?: Permission;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds AccessRule to route config
  interface FastifyContextConfig extends AccessRule {}
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthenticationDependencies {
  readonly tokens: TokenService;
  readonly loadPrincipal: PrincipalLoader;
}

const exposedHeaders = 'Refresh-Token,Authorization,Url-Type,Content-disposition,Content-Type';

/** Puts a freshly issued token where HOJ's client looks for it: the `Authorization` response header. */
export function sendToken(reply: FastifyReply, token: string): void {
  reply.header('Authorization', token).header('Access-Control-Expose-Headers', exposedHeaders);
}

function rejectHttp401(text: (typeof platformMessages)[keyof typeof platformMessages]): never {
  throw new ApiError(401, text, {}, { httpStatus: 401 });
}

async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  access: CallClass,
  dependencies: AuthenticationDependencies,
): Promise<Principal | null> {
  const header = request.headers.authorization;
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) return null;
  const claims = await dependencies.tokens.verify(token);
  const principal = claims ? await dependencies.loadPrincipal(claims.userId) : null;
  const failure = !claims
    ? platformMessages.loginExpired
    : !principal
      ? platformMessages.accountMissing
      : principal.isBanned
        ? platformMessages.accountBanned
        : principal.sessionGeneration !== claims.generation
          ? platformMessages.loginExpired
          : null;
  if (failure || !claims || !principal) {
    if (access === 'anon') return null;
    return rejectHttp401(failure ?? platformMessages.loginExpired);
  }
  if (access !== 'anon' && dependencies.tokens.needsRefresh(claims)) {
    sendToken(reply, await dependencies.tokens.issue(principal.userId, principal.sessionGeneration));
    reply.header('Refresh-Token', 'true');
    const urlType = request.headers['url-type'];
    if (typeof urlType === 'string') reply.header('Url-Type', urlType);
  }
  return principal;
}

/**
 * Installs authentication in the calling plugin's scope: every route declares its rule in `config`
 * (default `open`), and handlers read `request.principal`.
 */
export function installAuthentication(app: FastifyInstance, dependencies: AuthenticationDependencies): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    const rule: AccessRule = request.routeOptions.config;
    const access = rule.access ?? 'open';
    request.principal = await identify(request, reply, access, dependencies);
    const needsLogin = access === 'login' || rule.roles !== undefined || rule.permission !== undefined;
    if (!needsLogin) return;
    const principal = request.principal;
    if (!principal) return rejectHttp401(platformMessages.loginRequired);
    const roleOk = rule.roles === undefined || rule.roles.includes(principal.role);
    const permissionOk = rule.permission === undefined || hasPermission(principal.role, rule.permission);
    if (!roleOk || !permissionOk) throw new ApiError(403, platformMessages.noPermission, {}, { httpStatus: 403 });
  });
}

/** The caller of a `login` route (the hook has already refused anonymous callers). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) return rejectHttp401(platformMessages.loginRequired);
  return request.principal;
}
