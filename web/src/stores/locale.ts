import { proxy } from 'valtio';

export const supportedLanguages = ['zh-CN', 'en-US'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'zh-CN';

const storageKey = 'oj-language';

/** Maps 'en', 'en-GB', 'zh', 'zh-TW' … to a supported language; null when nothing fits. */
export const toSupportedLanguage = (candidate: string | null | undefined): Language | null => {
  if (!candidate) return null;
  const lower = candidate.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return null;
};

/** Spec 000 §1: query parameter l, then the stored choice, then the browser's languages; zh-CN by default. */
export const resolveLanguage = (sources: {
  query: string | null;
  stored: string | null;
  browser: readonly string[];
}): Language => {
  const fromQuery = toSupportedLanguage(sources.query);
  if (fromQuery) return fromQuery;
  const fromStore = toSupportedLanguage(sources.stored);
  if (fromStore) return fromStore;
  for (const language of sources.browser) {
    const supported = toSupportedLanguage(language);
    if (supported) return supported;
  }
  return defaultLanguage;
};

export const detectLanguage = (): Language =>
  resolveLanguage({
    query: new URLSearchParams(window.location.search).get('l'),
    stored: localStorage.getItem(storageKey),
    browser: navigator.languages,
  });

export const locale = proxy<{ language: Language }>({ language: defaultLanguage });

export const rememberLanguage = (language: Language): void => {
  locale.language = language;
  localStorage.setItem(storageKey, language);
  document.documentElement.lang = language;
};
