import { describe, expect, it } from 'vitest';
import { childEnvironment } from './child-environment';
import { loadStackConfig } from './config';

describe('childEnvironment', () => {
  const config = loadStackConfig({ DATA_DIR: '/srv/oj-test', LOG_LEVEL: 'warn' });
  const infrastructure = { databaseUrl: 'postgres://svc:pw@127.0.0.1:5433/oj', natsUrl: 'nats://t@127.0.0.1:4333' };

  it('passes the launcher’s environment on, without the API’s secrets and one process’s health port', () => {
    const inherited = { PATH: '/usr/bin', JWT_SECRET: 'j'.repeat(40), HEALTH_PORT: '9464', HEALTH_HOST: '0.0.0.0' };

    const env = childEnvironment(config, infrastructure, { JUDGE_LANGUAGES: 'C', ROOT_PASSWORD: 'x' }, inherited);

    expect(env).toMatchObject({ PATH: '/usr/bin', JUDGE_LANGUAGES: 'C', LOG_LEVEL: 'warn', DATA_DIR: '/srv/oj-test' });
    for (const dropped of ['JWT_SECRET', 'ROOT_PASSWORD', 'HEALTH_PORT', 'HEALTH_HOST'])
      expect(env).not.toHaveProperty(dropped);
  });

  it('points the children at the stack’s own PostgreSQL and nats-server, whatever was inherited', () => {
    const env = childEnvironment(config, infrastructure, {}, { DATABASE_URL: 'postgres://elsewhere/oj' });

    expect(env.DATABASE_URL).toBe(infrastructure.databaseUrl);
    expect(env.NATS_URL).toBe(infrastructure.natsUrl);
    expect(childEnvironment(config, { ...infrastructure, natsUrl: '' }, {}, {})).not.toHaveProperty('NATS_URL');
  });
});
