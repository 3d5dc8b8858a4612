import { z } from 'zod';
import { languageRow } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** HOJ's Language row; ours adds runCommand, absent from lists cached before it (issue 11). */
const languageSchema = tolerantOf(languageRow, ['name']);
const replySchema = z.array(languageSchema);
export type LanguageRow = z.infer<typeof languageSchema>;

const storageKey = 'languages';

/** GET /api/languages?all=true (api-core §3), kept in local storage as HOJ's client does (spec 000 §7). */
export const getLanguages = async (): Promise<LanguageRow[]> => {
  const cached = localStorage.getItem(storageKey);
  if (cached) {
    try {
      const parsed = replySchema.safeParse(JSON.parse(cached));
      if (parsed.success && parsed.data.length > 0) return parsed.data;
    } catch {
      // A broken cache is read again from the server.
    }
  }
  return fetchLanguages();
};

/** The list straight from the server (the help page shows today's commands), refreshing the cached copy. */
export const fetchLanguages = async (): Promise<LanguageRow[]> => {
  const languages = await apiGet('/languages', replySchema, { query: { all: true }, silent: true });
  localStorage.setItem(storageKey, JSON.stringify(languages));
  return languages;
};
