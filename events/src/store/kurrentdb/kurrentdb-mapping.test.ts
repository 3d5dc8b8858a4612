import { randomUUID } from 'node:crypto';
import * as kurrent from '@kurrent/kurrentdb-client';
import { START, WrongExpectedVersionError, type JSONRecordedEvent } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';
import {
  exactTypesRegex,
  findRetriedBatch,
  fromKurrentEvent,
  isUserEvent,
  kurrentValueMappings,
  toStreamState,
} from './kurrentdb-mapping';

const { toAppendError, toEventData, toReadPosition } = kurrentValueMappings(kurrent);

const aKurrentEvent = (overrides: Partial<JSONRecordedEvent> = {}): JSONRecordedEvent => ({
  streamId: 'contest-7',
  id: '0b7ad1a0-6d43-4a44-9a5e-0f2b6a1f7c11',
  isJson: true,
  revision: 3n,
  type: 'ContestantRegistered',
  created: new Date('2026-01-02T03:04:05.000Z'),
  data: { contestId: 7, userId: 'u1' },
  metadata: { correlationId: 'c-9', $causedBy: 'x', attempt: 2 },
  position: { commit: 1234n, prepare: 1230n },
  ...overrides,
});

const aRecorded = (id: string, revision: bigint): RecordedEvent => ({
  id,
  type: 'T',
  stream: 's',
  revision,
  position: 100n + revision,
  data: {},
  metadata: {},
  recordedAt: '2026-01-01T00:00:00.000Z',
});

describe('KurrentDB adapter mapping (stand-in: no KurrentDB server on this machine)', () => {
  it('passes expected revisions through as the client streamState of the same meaning', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('stream_exists')).toBe('stream_exists');
    expect(toStreamState(4n)).toBe(4n);
  });

  it('maps a recorded KurrentDB event to ours, exposing the commit position and only string metadata', () => {
    expect(fromKurrentEvent(aKurrentEvent())).toEqual({
      id: '0b7ad1a0-6d43-4a44-9a5e-0f2b6a1f7c11',
      type: 'ContestantRegistered',
      stream: 'contest-7',
      revision: 3n,
      position: 1234n,
      data: { contestId: 7, userId: 'u1' },
      metadata: { correlationId: 'c-9', $causedBy: 'x' },
      recordedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('builds JSON event data with our id, type, data and metadata', () => {
    const id = randomUUID();
    expect(toEventData({ id, type: 'A', data: { n: 1 }, metadata: { actor: 'u1' } })).toMatchObject({
      id,
      type: 'A',
      contentType: 'application/json',
      data: { n: 1 },
      metadata: { actor: 'u1' },
    });
  });

  it('reads from the start for no position and from the commit position otherwise', () => {
    expect(toReadPosition(undefined)).toBe(START);
    expect(toReadPosition(0n)).toBe(START);
    expect(toReadPosition(77n)).toEqual({ commit: 77n, prepare: 77n });
  });

  it('keeps system events away from readers', () => {
    expect(isUserEvent({ type: '$metadata', streamId: 'x' })).toBe(false);
    expect(isUserEvent({ type: 'A', streamId: '$$x' })).toBe(false);
    expect(isUserEvent({ type: 'A', streamId: 'contest-1' })).toBe(true);
  });

  it('filters on exact event types, escaping regex characters', () => {
    const regex = new RegExp(exactTypesRegex(['A.B', 'C']));
    expect(regex.test('A.B')).toBe(true);
    expect(regex.test('AxB')).toBe(false);
    expect(regex.test('CC')).toBe(false);
  });

  it('turns the client revision conflict into WrongExpectedRevisionError and leaves other errors alone', () => {
    const conflict = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 2n, current: 5n });
    const mapped = toAppendError(conflict, 's', 2n);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ stream: 's', expected: 2n, actual: 5n });
    const other = new Error('unavailable');
    expect(toAppendError(other, 's', 'any')).toBe(other);
  });

  it('recognises a retried batch in the stream tail and rejects a partial overlap', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const tail = [aRecorded(randomUUID(), 0n), aRecorded(a, 1n), aRecorded(b, 2n)];
    const batch = (ids: string[]) => ids.map((id) => ({ id, type: 'T', data: {} }));
    expect(findRetriedBatch('s', batch([a, b]), tail)).toEqual({ nextExpectedRevision: 2n, position: 102n });
    expect(findRetriedBatch('s', batch([c]), tail)).toBeUndefined();
    expect(() => findRetriedBatch('s', batch([b, c]), tail)).toThrow(PartialDuplicateAppendError);
    expect(() => findRetriedBatch('s', batch([b, a]), tail)).toThrow(PartialDuplicateAppendError);
  });
});
