import { describe, expect, it } from 'vitest';
import { natsConnectionOptions } from './nats-connection-options';

describe('natsConnectionOptions', () => {
  it('F12: moves a token written into NATS_URL into the token option nats.js reads', () => {
    expect(natsConnectionOptions('nats://s3cret-Token_1@127.0.0.1:4222')).toEqual({
      servers: 'nats://127.0.0.1:4222',
      token: 's3cret-Token_1',
    });
  });

  it('takes user and password, and leaves a URL without credentials as it is', () => {
    expect(natsConnectionOptions('tls://ann:p%40ss@nats.example:4443')).toEqual({
      servers: 'tls://nats.example:4443',
      user: 'ann',
      pass: 'p@ss',
    });
    expect(natsConnectionOptions('nats://127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222' });
  });

  it('takes a cluster as comma-separated URLs, the credentials from the one that has them', () => {
    expect(natsConnectionOptions('nats://tok@nats-1:4222, nats://nats-2:4222,nats://nats-3:4222')).toEqual({
      servers: ['nats://nats-1:4222', 'nats://nats-2:4222', 'nats://nats-3:4222'],
      token: 'tok',
    });
  });
});
