import type { Kysely } from 'kysely';
import { websiteConfigDefaults } from '@oj/events';
import type { Database } from '@oj/read-models';

export interface SiteSettingsRead {
  readonly registrationOpen: boolean;
  readonly shortName: string;
  readonly baseUrl: string;
}

/** The settings other command areas act on, from the site-config read model, with the defaults filled in. */
export function siteSettingsReader(db: Kysely<Database>, defaultBaseUrl: string): () => Promise<SiteSettingsRead> {
  return async () => {
    const row = await db
      .selectFrom('site_config')
      .select(['register', 'short_name', 'base_url'])
      .where('id', '=', 'site')
      .executeTakeFirst();
    return {
      registrationOpen: row?.register ?? websiteConfigDefaults.register,
      shortName: row?.short_name ?? websiteConfigDefaults.shortName,
      baseUrl: (row?.base_url ?? defaultBaseUrl).replace(/\/+$/, ''),
    };
  };
}
