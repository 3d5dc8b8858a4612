import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { createKysely, createPool, migrateDatabase } from '@oj/platform';
import type { Database } from '@oj/read-models';
import type pg from 'pg';
import { readRankPage, type RankType } from './ranks.queries';

interface ModelUser {
  readonly uid: string;
  readonly username: string;
  readonly registeredAt: Date;
  readonly isBanned: boolean;
  /** null: the user never submitted (no user_ranks row). */
  readonly figures: { ac: number; acmTotal: number; oiTotal: number; score: number } | null;
}

const users: fc.Arbitrary<ModelUser[]> = fc
  .array(
    fc.record({
      isBanned: fc.constantFrom(false, false, false, false, false, true),
      registeredDay: fc.integer({ min: 1, max: 5 }),
      figures: fc.option(
        fc.record({
          ac: fc.integer({ min: 0, max: 3 }),
          acmTotal: fc.integer({ min: 0, max: 4 }),
          oiTotal: fc.integer({ min: 0, max: 6 }),
          score: fc.integer({ min: 0, max: 40 }),
        }),
        { freq: 4 },
      ),
    }),
    { maxLength: 14 },
  )
  .map((list) =>
    list.map((user, index) => ({
      uid: `u${String(index).padStart(2, '0')}`,
      username: `user${index}`,
      registeredAt: new Date(Date.UTC(2026, 0, user.registeredDay)),
      isBanned: user.isBanned,
      figures: user.figures,
    })),
  );

/** The rank order of contest doc §2.20 told plainly, with our tie-break: older account, then uid. */
function referenceOrder(model: readonly ModelUser[], type: RankType): string[] {
  const figures = (user: ModelUser) => user.figures ?? { ac: 0, acmTotal: 0, oiTotal: 0, score: 0 };
  const keys = (user: ModelUser): number[] =>
    type === 'acm'
      ? [-figures(user).ac, figures(user).acmTotal, user.registeredAt.getTime()]
      : [-figures(user).score, -figures(user).ac, user.registeredAt.getTime()];
  const compare = (a: ModelUser, b: ModelUser) => {
    const [left, right] = [keys(a), keys(b)];
    for (let index = 0; index < left.length; index++) {
      const difference = (left[index] ?? 0) - (right[index] ?? 0);
      if (difference !== 0) return difference;
    }
    return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
  };
  return model
    .filter((user) => !user.isBanned)
    .sort(compare)
    .map((user) => user.uid);
}

async function store(db: Kysely<Database>, model: readonly ModelUser[]) {
  await sql`TRUNCATE users, user_ranks`.execute(db);
  for (const user of model) {
    await db
      .insertInto('users')
      .values({
        user_id: user.uid,
        username: user.username,
        username_key: user.username,
        email: `${user.username}@example.com`,
        email_key: `${user.username}@example.com`,
        role: 'default_user',
        nickname: null,
        realname: null,
        signature: null,
        blog: null,
        github: null,
        school: null,
        number: null,
        cf_username: null,
        avatar: null,
        title_name: null,
        title_color: null,
        status: user.isBanned ? 1 : 0,
        registered_at: user.registeredAt.toISOString(),
        last_login_at: null,
      })
      .execute();
    if (!user.figures) continue;
    const { ac, acmTotal, oiTotal, score } = user.figures;
    await db
      .insertInto('user_ranks')
      .values({ user_id: user.uid, ac, acm_total: acmTotal, oi_total: oiTotal, score })
      .execute();
  }
}

describe('readRankPage', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url, { max: 2 });
    db = createKysely(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('orders ACM and OI ranks as the reference does, page after page, without banned users', async () => {
    await fc.assert(
      fc.asyncProperty(users, fc.integer({ min: 1, max: 5 }), async (model, pageSize) => {
        await store(db, model);
        for (const type of ['acm', 'oi'] as const) {
          const seen: string[] = [];
          let total = 0;
          for (let offset = 0; offset === 0 || offset < total; offset += pageSize) {
            const page = await readRankPage(db, { type, limit: pageSize, offset });
            total = page.total;
            seen.push(...page.records.map((row) => row.uid));
            if (page.records.length === 0) break;
          }
          expect(seen, type).toEqual(referenceOrder(model, type));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('finds users by part of the username, case-insensitively, and reports an empty page for no match', async () => {
    const model = fc.sample(users, { numRuns: 1, seed: 4 })[0] ?? [];
    await store(db, model);
    const visible = model.filter((user) => !user.isBanned);
    const page = await readRankPage(db, { type: 'acm', limit: 50, offset: 0, search: 'USER1' });
    expect(page.records.map((row) => row.username).sort()).toEqual(
      visible
        .filter((user) => user.username.startsWith('user1'))
        .map((user) => user.username)
        .sort(),
    );
    expect(await readRankPage(db, { type: 'oi', limit: 50, offset: 0, search: 'nobody%' })).toEqual({
      records: [],
      total: 0,
    });
  });
});
