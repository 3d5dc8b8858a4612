import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteConfig } from '@oj/contracts';
import { startTestStack, type TestStack } from '../support/stack';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the stack (npm start composition)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ judgeWorkers: 1 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers get-website-config with the spec fields', async () => {
    const reply = await stack.request<Record<string, unknown>>('/api/get-website-config');

    expect(reply.httpStatus).toBe(200);
    expect(reply.body.status).toBe(200);
    // spec 000 §3 website config, plus HOJ's baseUrl, register and email (reference api-core §2): the contract's.
    expect(Object.keys(reply.body.data).sort()).toEqual(Object.keys(websiteConfig.shape).sort());
  });

  it('serves the web app at / and at an SPA route', async () => {
    for (const pathname of ['/', '/problem']) {
      const response = await fetch(new URL(pathname, stack.baseUrl));
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toContain('text/html');
      expect(await response.text(), pathname).toMatch(/<div id="(root|app)"/);
    }
  });

  it('answers an unknown API path with the 404 envelope, not the web app', async () => {
    const reply = await stack.request('/api/no-such-call');

    expect(reply.httpStatus).toBe(404);
    expect(reply.body.status).toBe(404);
  });

  it('runs the projector and the judge worker as their own processes', () => {
    expect(stack.processes.map((child) => child.name).sort()).toEqual(['judge-1', 'projector']);
    for (const child of stack.processes) expect(isRunning(child.pid), child.name).toBe(true);
  });

  it('leaves no process behind when stopped', async () => {
    const pids = stack.processes.map((child) => child.pid);

    await stack.stop();

    expect(pids.filter(isRunning)).toEqual([]);
    await expect(fetch(new URL('/api/get-website-config', stack.baseUrl))).rejects.toThrow();
  });
});
