import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBlobStore } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { compileSubjectOf, judgeDataDir, startJudgeProcess, type JudgeProcess } from '../judge-process';
import { logInAsRoot } from '../root-session';
import { loginAs } from '../problem-api';

const natsUrl = inject('natsUrl');

const header = '#pragma once\ninline int answer() { return 42; }\n';
const checkerNeedingHeader = '#include "testlib.h"\nint main() { return answer() == 42 ? 0 : 1; }\n';

describe.skipIf(!natsUrl)('compile-spj / compile-interactive with a judge process, and site-wide includes', () => {
  let harness: ApiHarness;
  let dataDir: string;
  let judge: JudgeProcess | undefined;
  let root: string;
  let admin: string;
  const suffix = randomUUID().slice(0, 8);
  const compileSubject = compileSubjectOf(suffix);

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    harness.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const compileSpj = (code: string, extra: object = {}) =>
    call('POST', '/api/admin/problem/compile-spj', root, { code, language: 'C++', ...extra });

  /** Resolves once the process logs that it is ready (it subscribes to the compile subject before that). */
  async function startJudge(): Promise<void> {
    judge = startJudgeProcess({
      inherited: process.env,
      dataDir,
      databaseUrl: harness.databaseUrl,
      natsUrl,
      suffix,
      readyLine: 'judge process ready',
    });
    await judge.ready;
  }

  beforeAll(async () => {
    dataDir = await judgeDataDir('compile-checker-');
    harness = await startApiHarness(inject('databaseUrl'), {
      command: { natsUrl, judgeCompileSubject: compileSubject, blobs: createBlobStore(dataDir) },
    });
    root = await logInAsRoot(harness);
    admin = await loginAs(harness, 'problemadmin', 'problem_admin');
  });

  afterAll(async () => {
    await judge?.stop();
    await harness?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers HOJ’s "no judge server" while no judge process listens', async () => {
    const reply = await compileSpj('int main() {}');
    expect(reply.json()).toMatchObject({ status: 400, msg: '没有可用的判题服务器，请重新尝试！' });
  });

  it('compiles on a judge process: success, or the compiler output as a system error', async () => {
    await startJudge();
    expect((await compileSpj('int main() { return 0; }')).json()).toMatchObject({ status: 200, msg: '编译成功！' });
    const broken = (await compileSpj('int main() { return undefined_name; }')).json();
    expect(broken).toMatchObject({ status: 500 });
    expect(broken.msg).toContain('undefined_name');
    const interactor = await call('POST', '/api/admin/problem/compile-interactive', admin, {
      code: '#include "rules.h"\nint main(void) { return RULE; }\n',
      language: 'C',
      extraFiles: { 'rules.h': '#define RULE 0\n' },
    });
    expect(interactor.json()).toMatchObject({ status: 200 });
  }, 120_000);

  it('lets root upload, list and delete a site-wide include that checkers then compile with', async () => {
    expect((await compileSpj(checkerNeedingHeader)).json().msg).toContain('testlib.h');
    const refused = await call('POST', '/api/admin/judge/checker-include', admin, {
      name: 'testlib.h',
      content: header,
    });
    expect(refused.statusCode).toBe(403);
    const badName = await call('POST', '/api/admin/judge/checker-include', root, { name: '../x.h', content: header });
    expect(badName.json()).toMatchObject({ status: 400 });

    const uploaded = await call('POST', '/api/admin/judge/checker-include', root, {
      name: 'testlib.h',
      content: header,
    });
    expect(uploaded.json()).toMatchObject({ status: 200 });
    const listed = await call('GET', '/api/admin/judge/checker-include', root);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ name: 'testlib.h', sizeBytes: header.length, uploadedBy: 'root' }),
    ]);
    expect((await compileSpj(checkerNeedingHeader)).json()).toMatchObject({ status: 200 });

    const deleted = await call('DELETE', '/api/admin/judge/checker-include?name=testlib.h', root);
    expect(deleted.json()).toMatchObject({ status: 200 });
    expect((await call('GET', '/api/admin/judge/checker-include', root)).json().data).toEqual([]);
    expect((await compileSpj(checkerNeedingHeader)).json()).toMatchObject({ status: 500 });
    const again = await call('DELETE', '/api/admin/judge/checker-include?name=testlib.h', root);
    expect(again.json()).toMatchObject({ status: 404 });
  }, 120_000);
});
