import type { Kysely } from 'kysely';
import { siteSwitchDefaults, websiteConfigDefaults } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { WebsiteConfig } from '@oj/contracts';

export interface SiteQueryContext {
  readonly db: Kysely<Database>;
  readonly defaultBaseUrl: string;
  /** The site's mail sender, published as `email` (HOJ's emailUsername). */
  readonly mailFrom: string | null;
}

export type SiteSwitches = {
  -readonly [Key in keyof typeof siteSwitchDefaults]: (typeof siteSwitchDefaults)[Key] extends boolean
    ? boolean
    : number;
};

export async function readSiteSwitches(db: Kysely<Database>): Promise<SiteSwitches> {
  const row = await db.selectFrom('site_config').select('switches').where('id', '=', 'site').executeTakeFirst();
  return { ...siteSwitchDefaults, ...((row?.switches as Partial<SiteSwitches> | null | undefined) ?? {}) };
}

/** The live config on every call (HOJ caches nothing here), defaults filled for fields never set. */
export async function readWebsiteConfig(context: SiteQueryContext): Promise<WebsiteConfig> {
  const row = await context.db.selectFrom('site_config').selectAll().where('id', '=', 'site').executeTakeFirst();
  const switches = await readSiteSwitches(context.db);
  return {
    baseUrl: row?.base_url ?? context.defaultBaseUrl,
    name: row?.name ?? websiteConfigDefaults.name,
    shortName: row?.short_name ?? websiteConfigDefaults.shortName,
    register: row?.register ?? websiteConfigDefaults.register,
    recordName: row?.record_name ?? websiteConfigDefaults.recordName,
    recordUrl: row?.record_url ?? websiteConfigDefaults.recordUrl,
    description: row?.description ?? websiteConfigDefaults.description,
    email: context.mailFrom,
    projectName: row?.project_name ?? websiteConfigDefaults.projectName,
    projectUrl: row?.project_url ?? websiteConfigDefaults.projectUrl,
    openPublicDiscussion: switches.openPublicDiscussion,
    openGroupDiscussion: switches.openGroupDiscussion,
    openContestComment: switches.openContestComment,
  };
}
