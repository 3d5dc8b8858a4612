import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../clock/clock';

/** api-core §0.3: tokens live 24 h; a token older than 12 h is replaced on the next non-anon call. */
export const defaultTokenLifetimeSeconds = 86_400;
export const defaultRefreshAfterSeconds = 43_200;

export interface TokenClaims {
  readonly userId: string;
  /** The user's session generation when the token was issued; a logout or reset moves it on. */
  readonly generation: number;
  readonly issuedAtSeconds: number;
}

export interface TokenService {
  issue(userId: string, generation: number): Promise<string>;
  /** The claims of a well-signed, unexpired token, or null. */
  verify(token: string): Promise<TokenClaims | null>;
  needsRefresh(claims: TokenClaims): boolean;
}

export interface TokenSettings {
  readonly secret: string;
  readonly clock: Clock;
  readonly lifetimeSeconds?: number;
  readonly refreshAfterSeconds?: number;
}

export function createTokenService(settings: TokenSettings): TokenService {
  const key = new TextEncoder().encode(settings.secret);
  const lifetime = settings.lifetimeSeconds ?? defaultTokenLifetimeSeconds;
  const refreshAfter = settings.refreshAfterSeconds ?? defaultRefreshAfterSeconds;
  const nowSeconds = () => Math.floor(settings.clock.now().getTime() / 1000);
  return {
    async issue(userId, generation) {
      const issuedAt = nowSeconds();
      return new SignJWT({ gen: generation })
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetime)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS512'], currentDate: settings.clock.now() });
        if (typeof payload.sub !== 'string' || typeof payload.gen !== 'number' || typeof payload.iat !== 'number') {
          return null;
        }
        return { userId: payload.sub, generation: payload.gen, issuedAtSeconds: payload.iat };
      } catch {
        return null;
      }
    },
    needsRefresh(claims) {
      return nowSeconds() - claims.issuedAtSeconds > refreshAfter;
    },
  };
}
