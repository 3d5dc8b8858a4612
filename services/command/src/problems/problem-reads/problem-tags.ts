import { tagCatalogueStream, type EventMetadata } from '@oj/events';
import { fold } from '../../handling/decider';
import { handleCommand, type HandlingDependencies } from '../../handling/handle-command';
import { CommandRejected } from '../../handling/command-rejected';
// Saving a problem creates the tags it names (admin §5.7: "new tags get oj ME"), so it uses the tag catalogue's
// decider; the tag stream stays the only writer of tags.
import { ensureTags } from '../../tags/ensure-tags';
import { tagIdOf } from '../../tags/tag-fields';
import { tagCatalogueModel } from '../../tags/tag-catalogue.state';
import type { SaveProblemBody } from '@oj/contracts';
import { problemMessages } from '../problems.rejections';

/** The tag ids of a problem: tags sent with an id must exist; tags without one are found by name or added. */
export async function resolveProblemTags(
  dependencies: HandlingDependencies,
  tags: NonNullable<SaveProblemBody['tags']>,
  at: string,
  metadata: EventMetadata,
): Promise<{ tagIds: number[]; position: bigint | null }> {
  const named = tags
    .filter((tag) => !tag.id)
    .map((tag) => ({
      name: tag.name.trim(),
      color: tag.color ?? null,
      oj: (tag.oj ?? 'ME').toUpperCase(),
      classificationId: null,
    }));
  const handled =
    named.length > 0
      ? await handleCommand(
          dependencies,
          tagCatalogueStream,
          tagCatalogueModel,
          ensureTags({ tags: named, addedAt: at }),
          metadata,
        )
      : null;
  const catalogue = fold(tagCatalogueModel, await dependencies.store.readStream(tagCatalogueStream));
  const tagIds: number[] = [];
  for (const tag of tags) {
    const key = { name: tag.name.trim(), oj: (tag.oj ?? 'ME').toUpperCase() };
    const known = tag.id ? catalogue.tags.some((entry) => entry.tagId === tag.id) : false;
    const id = tag.id ? (known ? tag.id : null) : tagIdOf(catalogue, key);
    if (id === null) throw new CommandRejected(400, problemMessages.unknownTag, { id: String(tag.id ?? tag.name) });
    tagIds.push(id);
  }
  return { tagIds: [...new Set(tagIds)], position: handled?.position ?? null };
}
