import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { vi } from 'vitest';

/** The text of a mail file, with base64 and quoted-printable bodies decoded well enough to find a code in. */
const decodeMail = (raw: string): string => {
  const base64Blocks = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  const decoded = base64Blocks.map((block) =>
    Buffer.from((block[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  const unfolded = raw.replace(/=\r?\n/g, '');
  return [unfolded, ...decoded].join('\n');
};

/**
 * Waits for the outbox mail to `email` that carries a code and returns the code: six digits for
 * registration, the reset link's code for a password reset. The stack writes mails asynchronously, so this
 * waits on the file rather than assuming it is there when the API answered.
 */
export async function waitForMailedCode(
  outboxDir: string,
  email: string,
  pattern = /(?:code is|验证码是)\s*(\d{6})/,
): Promise<string> {
  return vi.waitFor(
    async () => {
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      for (const file of files.sort().reverse()) {
        const text = decodeMail(await readFile(path.join(outboxDir, file), 'utf8'));
        if (!text.includes(email)) continue;
        const body = text.slice(text.search(/\r?\n\r?\n/));
        const code = body.match(pattern)?.[1];
        if (code) return code;
      }
      throw new Error(`no mail with a code for ${email} in ${outboxDir} yet`);
    },
    { timeout: 30_000, interval: 100 },
  );
}
