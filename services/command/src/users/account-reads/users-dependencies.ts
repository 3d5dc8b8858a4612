import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Clock, EphemeralStore, Mailer, TokenService } from '@oj/platform';
import type { AwaitProjections } from '../../handling/await-projection';

/** What the users area needs from the site config (gathered from the site-config read model). */
export interface SiteSettings {
  readonly registrationOpen: boolean;
  readonly shortName: string;
  readonly baseUrl: string;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface UsersDependencies {
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  readonly ephemeral: EphemeralStore;
  readonly mailer: Mailer;
  readonly tokens: TokenService;
  readonly clock: Clock;
  readonly passwords: PasswordHasher;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
  readonly siteSettings: () => Promise<SiteSettings>;
}
