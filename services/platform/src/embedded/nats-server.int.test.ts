import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsConnectionOptions } from './nats-connection-options';
import { findNatsServer, startNatsServer, type RunningNats } from './nats-server';
import { findFreePort } from './free-port';

const scratchRoot = path.resolve(import.meta.dirname, '../../../../.tmp');

describe.runIf(findNatsServer())('startNatsServer', () => {
  let scratch: string;
  let nats: RunningNats;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(scratchRoot, 'embedded-nats-'));
    nats = await startNatsServer(scratch, await findFreePort());
  });
  afterAll(async () => {
    await nats.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('F12: refuses a client without the generated token and serves one that presents it', async () => {
    const { servers, token } = natsConnectionOptions(nats.url);
    expect(token).toBe((await readFile(path.join(scratch, 'secrets', 'nats-token'), 'utf8')).trim());
    expect((await stat(path.join(scratch, 'secrets', 'nats-token'))).mode & 0o777).toBe(0o600);
    await expect(connect({ servers, reconnect: false, timeout: 2000 })).rejects.toThrow(/auth/i);
    await expect(connect({ servers, token: 'guessed', reconnect: false, timeout: 2000 })).rejects.toThrow(/auth/i);
    const client = await connect({ ...natsConnectionOptions(nats.url), reconnect: false });
    await client.flush();
    await client.close();
  });
});
