import type { Mailer, TokenService } from '@oj/platform';
import type { CommandContext } from '../../command-context';

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

/** The one command context plus what only the account routes use. */
export interface UsersDependencies extends CommandContext {
  readonly mailer: Mailer;
  readonly tokens: TokenService;
  readonly passwords: PasswordHasher;
  readonly siteSettings: () => Promise<SiteSettings>;
}
