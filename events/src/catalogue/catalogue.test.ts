import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aContestCreated } from '../testing';
import {
  cataloguePartsByStream,
  checkCataloguedEvent,
  eventDataSchemaOf,
  eventDataSchemas,
  isCataloguedEventType,
} from './catalogue';

const servicesDir = fileURLToPath(new URL('../../../services', import.meta.url));

/** Production source files of every service (tests and their helpers append made-up types on purpose). */
async function serviceSources(): Promise<string[]> {
  const entries = await readdir(servicesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).some((part) => part === 'testing' || part === 'node_modules'));
}

describe('event catalogue', () => {
  it('names each event type in one stream part only', () => {
    const types = Object.values(cataloguePartsByStream).flatMap((part) => Object.keys(part));
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(eventDataSchemas).sort()).toEqual([...types].sort());
  });

  it('has an entry for every event type a service builds as { type, data } for appending', async () => {
    const eventLiteral = /type: '([A-Z][A-Za-z]+)',\s*data:/g;
    const appended = new Set<string>();
    for (const file of await serviceSources()) {
      for (const match of (await readFile(file, 'utf8')).matchAll(eventLiteral)) appended.add(match[1] ?? '');
    }
    expect(appended.size).toBeGreaterThan(50);
    expect([...appended].filter((type) => !isCataloguedEventType(type))).toEqual([]);
  });

  it('answers null for a type it does not know', () => {
    expect(eventDataSchemaOf('ContestRenamed')).toBeNull();
    expect(eventDataSchemaOf('toString')).toBeNull();
    expect(checkCataloguedEvent({ type: 'ContestRenamed', data: {} })).toMatchObject({ reason: 'unknown-type' });
  });

  it('accepts a valid event and names the field of an invalid one', () => {
    const created = aContestCreated();
    expect(checkCataloguedEvent({ type: 'ContestCreated', data: created })).toEqual({ success: true });
    const farFuture = { ...created, settings: { ...created.settings, startAt: '+010000-01-01T00:00:00.000Z' } };
    const check = checkCataloguedEvent({ type: 'ContestCreated', data: farFuture });
    expect(check).toMatchObject({ success: false, reason: 'invalid-data' });
    expect(check.success ? '' : check.message).toContain('settings.startAt');
  });
});
