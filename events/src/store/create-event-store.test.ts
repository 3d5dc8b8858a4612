import { describe, expect, it } from 'vitest';
import { chooseEventStore } from './create-event-store';

describe('chooseEventStore', () => {
  const databaseUrl = 'postgres://u:p@127.0.0.1:5432/oj';

  it('uses the read-model database when EVENTSTORE_URL is unset or blank', () => {
    expect(chooseEventStore({ databaseUrl })).toEqual({ kind: 'postgres', url: databaseUrl });
    expect(chooseEventStore({ databaseUrl, eventStoreUrl: ' ' })).toEqual({ kind: 'postgres', url: databaseUrl });
  });

  it('picks KurrentDB for kurrentdb:// and the legacy esdb:// URLs', () => {
    expect(chooseEventStore({ databaseUrl, eventStoreUrl: 'kurrentdb://localhost:2113?tls=false' }).kind).toBe(
      'kurrentdb',
    );
    expect(chooseEventStore({ databaseUrl, eventStoreUrl: 'esdb+discover://cluster:2113' }).kind).toBe('kurrentdb');
  });

  it('uses another Postgres for postgres:// and rejects unknown schemes', () => {
    expect(chooseEventStore({ databaseUrl, eventStoreUrl: 'postgresql://x/events' })).toEqual({
      kind: 'postgres',
      url: 'postgresql://x/events',
    });
    expect(() => chooseEventStore({ databaseUrl, eventStoreUrl: 'mysql://x' })).toThrow(/EVENTSTORE_URL/);
  });
});
