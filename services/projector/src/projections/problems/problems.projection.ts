import type { Kysely } from 'kysely';
import {
  type ProblemEvent,
  tagDeletedSchema,
  type ProblemDefinition,
  type RecordedEvent,
  problemEvents,
} from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfNumberId } from '../../runner/event-topics';
import { judgeSettingsOf } from './judge-settings';

/** The columns a saved definition decides; every save replaces them, so a repeated save changes nothing. */
function definitionColumns(definition: ProblemDefinition) {
  const judgeSettings = judgeSettingsOf(definition);
  return {
    display_id: definition.displayId,
    display_id_key: definition.displayId.toUpperCase(),
    title: definition.title,
    author: definition.author,
    type: definition.type,
    auth: definition.auth,
    difficulty: definition.difficulty,
    definition: JSON.stringify(definition),
    judge_settings: judgeSettings ? JSON.stringify(judgeSettings) : null,
  };
}

async function replaceTags(db: Kysely<Database>, problemId: number, tagIds: readonly number[]): Promise<void> {
  await db.deleteFrom('problem_tags').where('problem_id', '=', problemId).execute();
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  // No join with `tags`: that projection has its own checkpoint and may lag; readers inner-join the tags.
  await db
    .insertInto('problem_tags')
    .values(unique.map((tagId) => ({ problem_id: problemId, tag_id: tagId })))
    .execute();
}

async function applyProblemEvent(db: Kysely<Database>, event: ProblemEvent): Promise<void> {
  switch (event.type) {
    case 'ProblemCreated': {
      const { problemId, definition, createdAt, createdBy, creatorId } = event.data;
      const columns = definitionColumns(definition);
      await db
        .insertInto('problems')
        .values({
          problem_id: problemId,
          ...columns,
          creator_id: creatorId,
          created_at: createdAt,
          modified_at: createdAt,
          modified_user: createdBy,
        })
        .onConflict((conflict) => conflict.column('problem_id').doNothing())
        .execute();
      return replaceTags(db, problemId, definition.tagIds);
    }
    case 'ProblemEdited': {
      const { problemId, definition, editedAt, editedBy } = event.data;
      await db
        .updateTable('problems')
        .set({ ...definitionColumns(definition), modified_at: editedAt, modified_user: editedBy })
        .where('problem_id', '=', problemId)
        .execute();
      return replaceTags(db, problemId, definition.tagIds);
    }
    case 'ProblemVisibilityChanged': {
      const { problemId, auth, changedAt, changedBy } = event.data;
      await db
        .updateTable('problems')
        .set({ auth, modified_at: changedAt, modified_user: changedBy })
        .where('problem_id', '=', problemId)
        .execute();
      return;
    }
    case 'ProblemDeleted':
      await db.deleteFrom('problem_tags').where('problem_id', '=', event.data.problemId).execute();
      await db.deleteFrom('problems').where('problem_id', '=', event.data.problemId).execute();
      return;
  }
}

/**
 * The problem bank read model: `problems` (with the JudgeSettings snapshot) and `problem_tags`. It also
 * reads the tag catalogue's TagDeleted, because deleting a tag removes it from every problem (HOJ cascades).
 */
export const problemsProjection: Projection = {
  name: 'problems',
  tables: ['problems', 'problem_tags'],
  eventTypes: ['ProblemCreated', 'ProblemEdited', 'ProblemVisibilityChanged', 'ProblemDeleted', 'TagDeleted'],
  async apply(event: RecordedEvent, db: Kysely<Database>) {
    if (event.type === 'TagDeleted') {
      const data = tagDeletedSchema.parse(event.data);
      await db.deleteFrom('problem_tags').where('tag_id', '=', data.tagId).execute();
      return;
    }
    const parsed = problemEvents.safeParse({ type: event.type, data: event.data });
    if (parsed.success) await applyProblemEvent(db, parsed.data);
  },
  topicsFor: topicsOfNumberId('problemId', liveTopics.problem),
};
