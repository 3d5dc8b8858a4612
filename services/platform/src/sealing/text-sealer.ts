import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Text kept encrypted where it is stored (events, read models) but readable by whoever holds the site key: a
 * contest's entry password, which the back office shows to its admins (docs/contests.md, "Contest passwords").
 *
 * AES-256-GCM with a synthetic IV (the first 12 bytes of an HMAC of the text, as SIV does): the same text under the
 * same key seals to the same string, so a decider can still tell "unchanged" by comparing sealed strings, and an IV
 * repeats only with its text. Keys for the two roles are derived from the site key with HKDF.
 */
export interface TextSealer {
  seal(text: string): string;
  /** The text of a sealed string; a string that is not sealed (stored before sealing existed) comes back as is. */
  open(stored: string): string;
  /** Whether `text` is the stored value, in time that does not depend on where they differ. */
  matches(text: string, stored: string): boolean;
}

const prefix = 'sealed:v1:';
const ivBytes = 12;
const tagBytes = 16;

export const isSealedText = (stored: string): boolean => stored.startsWith(prefix);

export function createTextSealer(siteKey: string): TextSealer {
  if (siteKey.length < 32) throw new Error('the sealing key must be at least 32 characters');
  const derive = (role: string) => Buffer.from(hkdfSync('sha256', siteKey, 'oj-text-sealer', role, 32));
  const encryptionKey = derive('encryption');
  const ivKey = derive('synthetic-iv');
  const sealBytes = (text: string) => {
    const iv = createHmac('sha256', ivKey).update(text, 'utf8').digest().subarray(0, ivBytes);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]);
  };
  const open = (stored: string) => {
    if (!isSealedText(stored)) return stored;
    const bytes = Buffer.from(stored.slice(prefix.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
    return Buffer.concat([
      decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  };
  const digest = (text: string) => createHmac('sha256', ivKey).update(`compare:${text}`, 'utf8').digest();
  return {
    seal: (text) => `${prefix}${sealBytes(text).toString('base64url')}`,
    open,
    matches(text, stored) {
      let storedText: string;
      try {
        storedText = open(stored);
      } catch {
        return false;
      }
      return timingSafeEqual(digest(text), digest(storedText));
    },
  };
}
