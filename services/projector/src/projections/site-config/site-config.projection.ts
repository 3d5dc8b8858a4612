import { type RecordedEvent, siteConfigEvents } from '@oj/events';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';

/** The site-config read model: one row, id 'site', set wholesale by each event (so replays are harmless). */
export const siteConfigProjection: Projection = {
  name: 'site-config',
  tables: ['site_config'],
  eventTypes: ['WebsiteConfigSet', 'SiteSwitchesSet'],
  async apply(event: RecordedEvent, transaction) {
    const parsed = siteConfigEvents.safeParse({ type: event.type, data: event.data });
    if (!parsed.success) return;
    if (parsed.data.type === 'WebsiteConfigSet') {
      const { setAt: _setAt, ...config } = parsed.data.data;
      const values = {
        base_url: config.baseUrl,
        name: config.name,
        short_name: config.shortName,
        description: config.description,
        register: config.register,
        record_name: config.recordName,
        record_url: config.recordUrl,
        project_name: config.projectName,
        project_url: config.projectUrl,
      };
      await transaction
        .insertInto('site_config')
        .values({ id: 'site', ...values, switches: null })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
      return;
    }
    const { setAt: _setAt, ...switches } = parsed.data.data;
    const json = JSON.stringify(switches);
    await transaction
      .insertInto('site_config')
      .values({
        id: 'site',
        base_url: null,
        name: null,
        short_name: null,
        description: null,
        register: null,
        record_name: null,
        record_url: null,
        project_name: null,
        project_url: null,
        switches: json,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ switches: json }))
      .execute();
  },
  topicsFor: () => [liveTopics.siteConfig],
};
