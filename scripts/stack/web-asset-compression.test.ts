import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressWebAssets } from './web-asset-compression';
import { registerWebApp } from './web-app';

let distDir: string;
const script = Buffer.from('export const greeting = "hello";\n'.repeat(400));
const stylesheet = Buffer.from('.markdown-view { overflow-wrap: anywhere; }\n'.repeat(100));

beforeEach(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'oj-web-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(distDir, 'assets', 'index-abc.js'), script);
  await writeFile(path.join(distDir, 'assets', 'index-abc.css'), stylesheet);
  await writeFile(path.join(distDir, 'assets', 'tiny-abc.js'), 'export {};\n');
  await writeFile(path.join(distDir, 'assets', 'font-abc.woff2'), Buffer.alloc(4096, 7));
});

afterEach(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe('compressWebAssets', () => {
  it('writes a .br and a .gz beside each compressible asset worth it, each decompressing to the file', async () => {
    expect((await compressWebAssets(distDir)).sort()).toEqual(['index-abc.css', 'index-abc.js']);
    expect((await readdir(path.join(distDir, 'assets'))).sort()).toEqual([
      'font-abc.woff2',
      'index-abc.css',
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'tiny-abc.js',
    ]);
    const asset = (name: string) => readFile(path.join(distDir, 'assets', name));
    expect(brotliDecompressSync(await asset('index-abc.js.br')).equals(script)).toBe(true);
    expect(gunzipSync(await asset('index-abc.js.gz')).equals(script)).toBe(true);
    expect(brotliDecompressSync(await asset('index-abc.css.br')).equals(stylesheet)).toBe(true);
  });
});

describe('the web app served with its compressed copies', () => {
  async function serve() {
    await compressWebAssets(distDir);
    const app = Fastify();
    await registerWebApp(app, distDir);
    return app;
  }

  it('sends the Brotli copy to a browser that accepts it, gzip to one that takes only gzip, cached for good', async () => {
    const app = await serve();
    const brotliReply = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotliReply.headers['content-encoding']).toBe('br');
    expect(brotliReply.headers['content-type']).toMatch(/javascript/);
    expect(brotliReply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliReply.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotliReply.rawPayload).equals(script)).toBe(true);

    const gzipReply = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipReply.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipReply.rawPayload).equals(script)).toBe(true);
    await app.close();
  });

  it('sends the file itself when the browser accepts no encoding, or when no copy was worth writing', async () => {
    const app = await serve();
    const plain = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    const tiny = await app.inject({ url: '/assets/tiny-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.payload).toBe('export {};\n');
    const deepLink = await app.inject({ url: '/problem/1000', headers: { 'accept-encoding': 'br' } });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.payload).toContain('<div id="root">');
    await app.close();
  });
});
