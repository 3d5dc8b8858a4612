import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';

const logger = pino({ level: 'silent' });

describe('createMailer', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'oj-outbox-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    let arrived: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (arrived = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
          arrived();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'oj@example.com',
      outboxDir: directory,
      logger,
    });
    await mailer.send({ to: 'bob@example.com', subject: 'Code', text: 'your code is 424242' });
    await delivered;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received[0]).toContain('424242');
    expect(received[0]).toContain('bob@example.com');
  });

  it('writes one .eml file per mail to the outbox without SMTP', async () => {
    const mailer = createMailer({ from: 'oj@example.com', outboxDir: directory, logger });
    await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first 111111' });
    await mailer.send({ to: 'b@example.com', subject: 'Two', text: 'second 222222' });
    const files = (await readdir(directory)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const contents = await Promise.all(files.map((name) => readFile(path.join(directory, name), 'utf8')));
    expect(contents.join('\n')).toContain('222222');
  });

  it('F12: logs the recipient and subject of an outbox mail, never its body, and keeps the file private', async () => {
    const lines: string[] = [];
    const capturing = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const outbox = path.join(directory, 'private');
    const mailer = createMailer({ from: 'oj@example.com', outboxDir: outbox, logger: capturing });
    await mailer.send({ to: 'root@localhost', subject: 'Reset', text: 'reset link http://oj/reset?code=c0ffee777' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('root@localhost');
    expect(lines[0]).toContain('Reset');
    expect(lines[0]).not.toContain('c0ffee777');
    const [file] = await readdir(outbox);
    expect((await stat(path.join(outbox, file ?? ''))).mode & 0o777).toBe(0o600);
  });
});
