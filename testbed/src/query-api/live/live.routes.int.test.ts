import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { contestStream, problemStream, rejudgingStream, submissionStream, userStream } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aRejudgingItem,
  aRejudgingStaged,
  aUserRegistered,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import {
  createTokenService,
  manualClock,
  readModelChangePayloads,
  readModelChangedChannel,
  type TokenService,
} from '@oj/platform';
import { projections } from '@oj/projector';
import { createProjectionTestbed, type ProjectionTestbed, type TestEvent } from '@oj/projector/testing';
import { queryApi } from '@oj/query';
import { liveMessageSchema, submissionTopic, type LiveMessage } from '@oj/contracts';
import { adminProjectionsTopic, contestScoreboardTopic, rejudgingTopic, rejudgingsTopic } from '@oj/contracts';
import {
  liveMaxPayloadBytes,
  liveMaxSocketsPerAddress,
  liveMaxTopicsPerSocket,
  liveSocketPluginOptions,
} from '@oj/query/testing';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';

const users = ['root', 'carla', 'alice', 'bob'] as const;

/** Carla's ACM contest from 10:00 to 15:00, sealed from 14:00; alice submits at 14:10 (after the seal). */
const contestId = 1;
const history: TestEvent[] = [
  ...registeredUsers(users),
  {
    stream: problemStream(1),
    ...aProblemCreated({ problemId: 1, definition: aProblemDefinition({ displayId: 'P1' }) }),
  },
  {
    stream: contestStream(contestId),
    type: 'ContestCreated',
    data: aContestCreated({
      contestId,
      type: 'ACM',
      createdBy: uid('carla'),
      author: 'carla',
      settings: someContestSettings({ sealRank: true, sealRankAt: '2026-01-10T14:00:00.000Z', openRank: true }),
    }),
  },
  {
    stream: contestStream(contestId),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({ contestId, contestProblemId: 1, problemId: 1, displayId: 'A' }),
  },
  ...[
    { submissionId: 1, username: 'alice', contest: contestId },
    { submissionId: 2, username: 'bob', contest: null },
  ].flatMap(({ submissionId, username, contest }) => [
    {
      stream: submissionStream(submissionId),
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId: uid(username),
        username,
        problemId: 1,
        problemDisplayId: 'P1',
        contestId: contest,
        contestProblemId: contest === null ? null : 1,
        submittedAt: '2026-01-10T14:10:00.000Z',
      }),
    },
    { stream: submissionStream(submissionId), type: 'SubmissionJudged', data: aSubmissionJudged({ submissionId }) },
  ]),
];

/** Pat, a problem admin, created contest 2; a rejudging is staged in pat's contest and one in carla's. */
const patsContestId = 2;
const rejudgingInPatsContest = '00000000-0000-4000-8000-0000000000a2';
const rejudgingInCarlasContest = '00000000-0000-4000-8000-0000000000a1';
const rejudgingHistory: TestEvent[] = [
  {
    stream: userStream(uid('pat')),
    ...aUserRegistered({ userId: uid('pat'), username: 'pat', email: 'pat@example.com', role: 'problem_admin' }),
  },
  {
    stream: contestStream(patsContestId),
    type: 'ContestCreated',
    data: aContestCreated({ contestId: patsContestId, type: 'ACM', createdBy: uid('pat'), author: 'pat' }),
  },
  ...[
    [rejudgingInPatsContest, patsContestId],
    [rejudgingInCarlasContest, contestId],
  ].map(([rejudgingId, cid]): TestEvent => ({
    stream: rejudgingStream(String(rejudgingId)),
    type: 'RejudgingStaged',
    data: aRejudgingStaged({
      rejudgingId: String(rejudgingId),
      filters: {
        contestId: Number(cid),
        problemId: 1,
        status: null,
        language: null,
        userId: null,
        from: null,
        to: null,
      },
      items: [aRejudgingItem({ submissionId: 1, contestId: Number(cid) })],
    }),
  })),
];

type Socket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** A socket that keeps every message it receives, and can wait for one. */
async function openSocket(app: FastifyInstance) {
  const socket: Socket = await app.injectWS('/api/ws');
  const received: LiveMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    received.push(liveMessageSchema.parse(JSON.parse(data.toString('utf8'))));
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (matches: (message: LiveMessage) => boolean): Promise<LiveMessage> => {
    for (;;) {
      const found = received.find(matches);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    socket,
    received,
    next,
    /** Signs the socket in (when `token` is given) and subscribes; resolves with the acknowledged topics. */
    async subscribe(topics: readonly string[], token?: string) {
      received.splice(0);
      if (token) socket.send(JSON.stringify({ type: 'authenticate', token }));
      socket.send(JSON.stringify({ type: 'subscribe', topics }));
      const ack = await next((message) => message.type === 'subscribed');
      return ack.type === 'subscribed' ? ack.topics : [];
    },
  };
}

describe('GET /api/ws live pushes', () => {
  let testbed: ProjectionTestbed;
  let app: FastifyInstance;
  let tokens: TokenService;
  const clock = manualClock(new Date('2026-01-10T14:30:00.000Z'));
  const tokenOf = (username: string) => tokens.issue(uid(username), 0);

  /** What the projector does after a commit: NOTIFY the change of `topics` by `projection`. */
  const notify = async (projection: string, topics: readonly string[]) => {
    for (const payload of readModelChangePayloads(projection, 42n, topics)) {
      await testbed.pool.query('SELECT pg_notify($1, $2)', [readModelChangedChannel, payload]);
    }
  };
  /** Notifies `projection`'s change of `topic`, then a public change every socket hears: what came before it is all. */
  const pushedBefore = async (
    projection: string,
    topic: string,
    sockets: readonly Awaited<ReturnType<typeof openSocket>>[],
  ) => {
    for (const one of sockets) one.received.splice(0);
    await notify(projection, [topic]);
    await notify('announcements', ['announcements']);
    await Promise.all(
      sockets.map((one) => one.next((message) => message.type === 'changed' && message.topic === 'announcements')),
    );
    return sockets.map((one) => one.received.some((message) => message.type === 'changed' && message.topic === topic));
  };

  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
    await testbed.append([...history, ...rejudgingHistory]);
    for (const projection of projections) await testbed.runToHead(projection);
    tokens = createTokenService({ secret: 'live-test-secret-that-is-at-least-32-chars', clock });
    app = Fastify({ logger: false });
    await app.register(websocket, liveSocketPluginOptions);
    await app.register(queryApi, {
      prefix: '/api',
      db: testbed.db,
      tokens,
      defaultBaseUrl: 'http://oj.test',
      mailFrom: null,
      databaseUrl: testbed.databaseUrl,
      clock,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testbed?.close();
  });

  it('pushes a read_model_changed topic to its subscribers only', async () => {
    const watcher = await openSocket(app);
    const bystander = await openSocket(app);
    expect(await watcher.subscribe([submissionTopic(2)])).toEqual([submissionTopic(2)]);
    await bystander.subscribe(['announcements']);
    await notify('submissions', [submissionTopic(2)]);
    expect(await watcher.next((message) => message.type === 'changed')).toEqual({
      type: 'changed',
      topic: 'submission:2',
      position: '42',
    });
    expect(await pushedBefore('submissions', submissionTopic(2), [bystander])).toEqual([false]);
    watcher.socket.terminate();
    bystander.socket.terminate();
  });

  it('F17: pings another user’s sealed contest submission to its submitter and the contest admins only', async () => {
    const sockets = await Promise.all([openSocket(app), openSocket(app), openSocket(app), openSocket(app)]);
    const [alice, bob, carla, anonymous] = sockets;
    await alice?.subscribe([submissionTopic(1), 'announcements'], await tokenOf('alice'));
    await bob?.subscribe([submissionTopic(1), 'announcements'], await tokenOf('bob'));
    await carla?.subscribe([submissionTopic(1), 'announcements'], await tokenOf('carla'));
    await anonymous?.subscribe([submissionTopic(1), 'announcements']);
    expect(await pushedBefore('submissions', submissionTopic(1), sockets)).toEqual([true, false, true, false]);
    for (const one of sockets) one.socket.terminate();
  });

  it('F17: pings the live board only to viewers it is not sealed for, the sealed board to anyone who may read it', async () => {
    const sockets = await Promise.all([openSocket(app), openSocket(app), openSocket(app)]);
    const [bob, carla, anonymous] = sockets;
    const topic = contestScoreboardTopic(contestId);
    await bob?.subscribe([topic, 'announcements'], await tokenOf('bob'));
    await carla?.subscribe([topic, 'announcements'], await tokenOf('carla'));
    await anonymous?.subscribe([topic, 'announcements']);
    expect(await pushedBefore('acm-scoreboard', topic, sockets)).toEqual([false, true, false]);
    expect(await pushedBefore('sealed-acm-scoreboard', topic, sockets)).toEqual([true, true, true]);
    for (const one of sockets) one.socket.terminate();
  });

  it('pushes projection rebuild progress to root only here (root and admins), not to users or anonymous', async () => {
    const sockets = await Promise.all([openSocket(app), openSocket(app), openSocket(app)]);
    const [root, alice, anonymous] = sockets;
    await root?.subscribe([adminProjectionsTopic, 'announcements'], await tokenOf('root'));
    await alice?.subscribe([adminProjectionsTopic, 'announcements'], await tokenOf('alice'));
    await anonymous?.subscribe([adminProjectionsTopic, 'announcements']);
    expect(await pushedBefore('projection-rebuilds', adminProjectionsTopic, sockets)).toEqual([true, false, false]);
    for (const one of sockets) one.socket.terminate();
  });

  it('pushes a rejudging’s progress to root and admins, and to the problem admin whose contest it is', async () => {
    const sockets = await Promise.all([openSocket(app), openSocket(app), openSocket(app), openSocket(app)]);
    const [root, pat, carla, anonymous] = sockets;
    const topics = [rejudgingTopic(rejudgingInPatsContest), rejudgingTopic(rejudgingInCarlasContest), rejudgingsTopic];
    await root?.subscribe([...topics, 'announcements'], await tokenOf('root'));
    await pat?.subscribe([...topics, 'announcements'], await tokenOf('pat'));
    await carla?.subscribe([...topics, 'announcements'], await tokenOf('carla'));
    await anonymous?.subscribe([...topics, 'announcements']);
    const pushed = (topic: string) => pushedBefore('rejudgings', topic, sockets);
    expect(await pushed(rejudgingTopic(rejudgingInPatsContest))).toEqual([true, true, false, false]);
    // Carla created contest 1 but is no back-office user: a contest creator alone is not enough.
    expect(await pushed(rejudgingTopic(rejudgingInCarlasContest))).toEqual([true, false, false, false]);
    expect(await pushed(rejudgingsTopic)).toEqual([true, true, false, false]);
    for (const one of sockets) one.socket.terminate();
  });

  it('F17: refuses topics without a push rule and caps the topics per socket', async () => {
    const client = await openSocket(app);
    expect(await client.subscribe(['ranks', `user:${uid('alice')}`, 'problem:1', 'tags'])).toEqual(['tags']);
    const many = Array.from({ length: 100 }, (_, index) => submissionTopic(index + 100));
    expect(await client.subscribe(many)).toHaveLength(liveMaxTopicsPerSocket - 1);
    client.socket.terminate();
  });

  it('F17: closes a socket that sends a frame over the payload cap, and caps sockets per address', async () => {
    const client = await openSocket(app);
    const closed = new Promise<number>((resolve) => client.socket.on('close', (code: number) => resolve(code)));
    client.socket.send('x'.repeat(liveMaxPayloadBytes + 1));
    expect(await closed).toBe(1009);

    const sockets = await Promise.all(Array.from({ length: liveMaxSocketsPerAddress }, () => openSocket(app)));
    const extra = await openSocket(app);
    const refused = new Promise<number>((resolve) => extra.socket.on('close', (code: number) => resolve(code)));
    expect(await refused).toBe(1008);
    for (const one of sockets) one.socket.terminate();
  });
});
