import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** The sender address, shown publicly as the site's `email` (HOJ's emailUsername). */
  readonly from: string;
  send(mail: Mail): Promise<void>;
}

export interface MailerSettings {
  /** smtp://user:pass@host:port or smtps://…; unset → the outbox. */
  readonly smtpUrl?: string | undefined;
  readonly from: string;
  /** One .eml file per mail lands here when there is no SMTP server. */
  readonly outboxDir: string;
  readonly logger: Logger;
}

/**
 * Mail over SMTP when SMTP_URL is set; otherwise written to DATA_DIR's outbox (0600 files) with a log line naming
 * the recipient, the subject and the file.
 */
export function createMailer(settings: MailerSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      from: settings.from,
      async send(mail) {
        await transport.sendMail({ from: settings.from, ...mail });
        settings.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent over smtp');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    from: settings.from,
    async send(mail) {
      const info = await transport.sendMail({ from: settings.from, ...mail });
      await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        settings.outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Never the body (review F12): it carries register codes and reset links, root's included. The file has it.
      settings.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  };
}
