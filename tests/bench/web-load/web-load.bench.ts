import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../support/browser';

/**
 * `npm run bench -- web`: what a first visit costs the browser, on web/dist as `npm start` serves it (build it
 * first: `bash scripts/stack/build-web-if-stale.sh`). Chromium, throttled to a slow phone's CPU (4×), opens /home
 * in a fresh context each round and waits for the top bar; the bench prints the median and slowest time and the
 * JavaScript the page loaded. The API answers every call with a 503 at once, so the figure is the app's own cost
 * (download, parse, first render), not the server's. Physical limit in the same run: the same navigation to a page
 * with no script at all.
 */
const rounds = Number(process.env.BENCH_WEB_ROUNDS ?? 9);
const cpuSlowdown = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
const distRoot = path.resolve(import.meta.dirname, '../../../web/dist');
const blankPage = '<!doctype html><html><body><nav><a href="/home">Home</a></nav></body></html>';

const contentTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.woff2': 'font/woff2',
};

function serveDist(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://bench');
    if (pathname.startsWith('/api')) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 503, msg: 'bench: no API', data: null }));
      return;
    }
    if (pathname === '/blank') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(blankPage);
      return;
    }
    const file = path.join(distRoot, path.normalize(pathname));
    const inDist = file.startsWith(distRoot + path.sep) && path.extname(file) !== '';
    readFile(inDist ? file : path.join(distRoot, 'index.html')).then(
      (body) => {
        const type = contentTypes[path.extname(inDist ? file : 'index.html')] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One fresh visit: milliseconds from navigation to a visible "Home" link, and the bytes of script it loaded. */
async function visit(browser: Browser, url: string): Promise<{ ms: number; scriptBytes: number }> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const scriptSizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scriptSizes.push(response.body().then((body) => body.length));
    });
    const started = performance.now();
    await page.goto(url);
    await page
      .getByRole('link', { name: /^(Home|首页)$/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const ms = performance.now() - started;
    await page.waitForLoadState('load');
    const scriptBytes = (await Promise.all(scriptSizes)).reduce((total, size) => total + size, 0);
    return { ms, scriptBytes };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number) => Math.round(value);

export async function runWebLoadBench() {
  await readFile(path.join(distRoot, 'index.html')).catch(() => {
    throw new Error('web/dist is missing: run `bash scripts/stack/build-web-if-stale.sh` first');
  });
  const server = await serveDist();
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
  const loadBefore = loadavg();
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app: number[] = [];
    const blank: number[] = [];
    let scriptBytes = 0;
    for (let index = 0; index < rounds; index++) {
      const visitOfApp = await visit(browser, `${base}/home`);
      app.push(visitOfApp.ms);
      scriptBytes = visitOfApp.scriptBytes;
      blank.push((await visit(browser, `${base}/blank`)).ms);
    }
    const row = (figure: string, times: number[], bytes: number | null) => ({
      figure,
      medianMs: round(median(times)),
      maxMs: round(Math.max(...times)),
      scriptKiB: bytes === null ? null : round(bytes / 1024),
    });
    return [
      row(`/home to its top bar (the Home link), ${cpuSlowdown}× slower CPU, ${rounds} fresh visits`, app, scriptBytes),
      row('physical limit: the same navigation to a page with no script', blank, 0),
      {
        figure: 'load average before → after; 2 cores',
        medianMs: null,
        maxMs: null,
        scriptKiB: null,
        load: [...loadBefore, ...loadavg()].map((value) => value.toFixed(2)).join(' '),
      },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
