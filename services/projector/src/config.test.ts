import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '@oj/platform';
import { loadProjectorConfig } from './config';

describe('loadProjectorConfig', () => {
  it('takes the database and event store URLs, with defaults for the rest', () => {
    expect(loadProjectorConfig({ DATABASE_URL: 'postgres://u:p@h/db', EVENTSTORE_URL: '' })).toEqual({
      databaseUrl: 'postgres://u:p@h/db',
      eventStoreUrl: undefined,
      logLevel: 'info',
      batchSize: 500,
      health: null,
    });
  });

  it('serves health endpoints only when HEALTH_PORT is set, on 127.0.0.1 unless told otherwise', () => {
    const url = { DATABASE_URL: 'postgres://u:p@h/db' };
    expect(loadProjectorConfig({ ...url, HEALTH_PORT: '' }).health).toBeNull();
    expect(loadProjectorConfig({ ...url, HEALTH_PORT: '9464' }).health).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadProjectorConfig({ ...url, HEALTH_PORT: '9464', HEALTH_HOST: '0.0.0.0' }).health).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
    expect(() => loadProjectorConfig({ ...url, HEALTH_PORT: '70000' })).toThrow(ConfigurationError);
    expect(() => loadProjectorConfig({ ...url, HEALTH_PORT: 'http' })).toThrow(ConfigurationError);
  });

  it('names every bad variable at once', () => {
    expect(() => loadProjectorConfig({ DATABASE_URL: 'mysql://x', PROJECTOR_BATCH_SIZE: '0' })).toThrow(
      ConfigurationError,
    );
    const failure = (() => {
      try {
        loadProjectorConfig({ PROJECTOR_BATCH_SIZE: 'many' });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as ConfigurationError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'DATABASE_URL',
      'PROJECTOR_BATCH_SIZE',
    ]);
  });
});
