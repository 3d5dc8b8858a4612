import { randomUUID } from 'node:crypto';
import { usernameClaimStream, userStream } from '@oj/events';
import { aUserRegistered } from '@oj/events/testing';
import { argon2idHasher, awaitProjections } from '@oj/platform';
import type { ApiHarness } from './api-harness';

/** Test helpers for the problem admin calls: a logged-in user of a role, multipart zip uploads, A+B bodies. */
export async function loginAs(harness: ApiHarness, username: string, role: string): Promise<string> {
  const hasher = argon2idHasher({ memoryCost: 1024, timeCost: 1 });
  const userId = randomUUID().replaceAll('-', '');
  const registered = aUserRegistered({
    userId,
    username,
    email: `${username}@example.com`,
    passwordHash: await hasher.hash('secret1'),
    role: role as never,
  });
  await harness.store.append(usernameClaimStream(username), [
    { id: randomUUID(), type: 'UsernameClaimed', data: { username, userId, claimedAt: registered.data.registeredAt } },
  ]);
  const { position } = await harness.store.append(userStream(userId), [{ id: randomUUID(), ...registered }]);
  await awaitProjections(harness.pool, position, { timeoutMs: 20_000, projections: ['users'] });
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'secret1' },
  });
  return String(login.headers.authorization);
}

export function multipartZip(fileName: string, zip: Uint8Array, fields: Record<string, string> = {}) {
  const boundary = `----oj${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    Buffer.from(zip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** HOJ's ProblemDTO for an ACM A+B problem, as the admin editor sends it. */
export function aPlusBBody(overrides: { problem?: Record<string, unknown>; [key: string]: unknown } = {}) {
  const { problem, ...rest } = overrides;
  return {
    problem: {
      problemId: 'ab1',
      title: 'A+B',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Add.',
      input: 'a b',
      output: 'a+b',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 0,
      auth: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      isUploadCase: true,
      ...problem,
    },
    samples: [{ input: '1 2', output: '3' }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: [
      { id: 1, name: 'C++' },
      { id: 9, name: 'Python3' },
    ],
    tags: [{ name: 'math', color: '#409EFF' }],
    codeTemplates: [{ lid: 1, code: 'int main() {}', status: true }],
    ...rest,
  };
}
