import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

const languageSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string(),
  contentType: z.string().nullish(),
  description: z.string().nullish(),
  compileCommand: z.string().nullish(),
  /** Ours (issue 11), absent from HOJ's rows and from lists cached before it. */
  runCommand: z.string().nullish(),
  template: z.string().nullish(),
  oj: z.string().nullish(),
});
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
