/** Server messages exist in both languages (DESIGN, cross-cutting rules); zh-CN is HOJ's and the default. */
export const locales = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';

export type LocalizedText = Readonly<Record<Locale, string>>;

export type TextParameters = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible rather than vanishing. */
export function renderText(text: LocalizedText, locale: Locale, parameters: TextParameters = {}): string {
  return text[locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
}

/**
 * The locale for an Accept-Language header: the first listed (by q) that is Chinese or English,
 * else zh-CN, as HOJ's client expects.
 */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return defaultLocale;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((option) => option.trim()).find((option) => option.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return defaultLocale;
}
