import type { LightMyRequestResponse } from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { seedRouteAccessFixture, type RouteAccessFixture } from './testing/route-access.fixture';
import { concreteUrl, matrixRequest, walkRank } from './route-access.requests';
import { roles, routeAccessTable, type Access } from './route-access.table';

/** HOJ's download calls refuse with an HTTP 400 envelope and these texts (admin §6); other refusals are 401/403. */
const downloadRefusals = new Set(['对不起，您无权限操作！', '错误：您并非该比赛的管理员，无权下载打印代码！']);

/** The access outcome of one answer: a refusal is HOJ's 401/403 envelope; an abuse limit (429) is not one. */
function accessOf(route: string, reply: LightMyRequestResponse): Access {
  if (reply.statusCode === 401 || reply.statusCode === 403) return 'refused';
  if (reply.statusCode === 429) return 'allowed';
  let body: { status?: unknown; msg?: unknown } | null = null;
  try {
    body = reply.json();
  } catch {
    return 'allowed';
  }
  if (body?.status === 401 || body?.status === 403) return 'refused';
  const isDownload = route.includes('/api/file/download');
  if (isDownload && reply.statusCode === 400 && typeof body?.msg === 'string' && downloadRefusals.has(body.msg)) {
    return 'refused';
  }
  return 'allowed';
}

describe('route × role matrix', () => {
  let harness: ApiHarness;
  let fixture: RouteAccessFixture;
  const registered = new Set<string>();
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
  };
  /** Fastify adds a HEAD route for every GET; it runs the GET's handler, so the GET's row covers it. */
  const walkedRoutes = () =>
    [...registered]
      .filter((route) => !(route.startsWith('HEAD ') && registered.has(route.replace(/^HEAD /, 'GET '))))
      .sort((a, b) => walkRank(a) - walkRank(b) || a.localeCompare(b));

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'), { onRoute: collect });
    fixture = await seedRouteAccessFixture(harness);
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it('has a row for every route Fastify registered, and none for a route that is gone', () => {
    const routes = walkedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !routeAccessTable[route])).toEqual([]);
    expect(Object.keys(routeAccessTable).filter((route) => !registered.has(route))).toEqual([]);
  });

  it('answers every route to every role as the table says', async () => {
    const mismatches: string[] = [];
    let tokens = fixture.tokens;
    for (const route of walkedRoutes()) {
      const expected = routeAccessTable[route];
      if (!expected) continue;
      if (walkRank(route) === 2) tokens = await fixture.signInAgain();
      const [method, url = ''] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const role of roles) {
        // Built per call: a role's earlier call may have changed what the next one needs (a print, a session).
        const request = matrixRequest(route, fixture);
        const token = tokens[role];
        const reply = await harness.app.inject({
          method,
          url: concreteUrl(url, fixture),
          query: Object.fromEntries(Object.entries(request.query).map(([key, value]) => [key, String(value)])),
          ...(request.body && method !== 'GET' ? { payload: request.body } : {}),
          ...(token ? { headers: { authorization: token } } : {}),
        });
        const actual = accessOf(route, reply);
        if (actual !== expected[role]) {
          mismatches.push(
            `${route} as ${role}: expected ${expected[role]}, got ${actual} (${reply.body.slice(0, 160)})`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
