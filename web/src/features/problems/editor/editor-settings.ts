/** Editor defaults of spec 000 §9 and the per-problem drafts kept in local storage. */
export const editorThemes = [
  'monokai',
  'solarized',
  'material',
  'idea',
  'eclipse',
  'base16-dark',
  'cobalt',
  'dracula',
] as const;
export type EditorTheme = (typeof editorThemes)[number];

export const fontSizes = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const tabSizes = [2, 4, 8] as const;
export const editorHeightPx = 550;

export type EditorPreferences = { theme: EditorTheme; fontSize: number; tabSize: number };
export type ProblemDraft = EditorPreferences & { code: string; language: string };

export const defaultPreferences: EditorPreferences = { theme: 'idea', fontSize: 14, tabSize: 4 };

/** Monaco's language id for a judge language name (judging.md §2.1). */
export const monacoLanguageOf = (language: string): string => {
  const name = language.toLowerCase();
  if (name.startsWith('c++')) return 'cpp';
  if (name === 'c' || name.startsWith('c with')) return 'c';
  if (name.startsWith('c#')) return 'csharp';
  if (name.includes('py')) return 'python';
  if (name.startsWith('java') && !name.startsWith('javascript')) return 'java';
  if (name.startsWith('javascript')) return 'javascript';
  if (name === 'golang' || name === 'go') return 'go';
  if (name === 'php') return 'php';
  if (name === 'ruby') return 'ruby';
  if (name === 'rust') return 'rust';
  // Issue 11's languages: Monaco's own mode where it has one, a close relative for OCaml (F#) and Lisp (Scheme).
  const added: Record<string, string> = {
    kotlin: 'kotlin',
    scala: 'scala',
    lua: 'lua',
    perl: 'perl',
    pascal: 'pascal',
    ocaml: 'fsharp',
    'common lisp': 'scheme',
  };
  return added[name] ?? 'plaintext';
};

/** Spec 000 §9: the editor offers these when the problem lists none. */
export const fallbackLanguages = ['C', 'C++', 'Java', 'Python3', 'Python2'];

const preferencesKey = 'editorPreferences';
const draftKey = (problemKey: string) => `problemDraft:${problemKey}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const readJson = (store: Store, key: string): unknown => {
  try {
    return JSON.parse(store.getItem(key) ?? 'null');
  } catch {
    return null;
  }
};

const isTheme = (value: unknown): value is EditorTheme => editorThemes.includes(value as EditorTheme);

const asPreferences = (value: unknown): EditorPreferences => {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    theme: isTheme(record.theme) ? record.theme : defaultPreferences.theme,
    fontSize: fontSizes.includes(record.fontSize as 14) ? (record.fontSize as number) : defaultPreferences.fontSize,
    tabSize: tabSizes.includes(record.tabSize as 4) ? (record.tabSize as number) : defaultPreferences.tabSize,
  };
};

export const readPreferences = (store: Store): EditorPreferences => asPreferences(readJson(store, preferencesKey));

export const writePreferences = (store: Store, preferences: EditorPreferences): void =>
  store.setItem(preferencesKey, JSON.stringify(preferences));

/** The draft of one problem ("<contest or none>:<problem>"), or null when none was kept. */
export const readDraft = (store: Store, problemKey: string): ProblemDraft | null => {
  const value = readJson(store, draftKey(problemKey));
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.code !== 'string' || typeof record.language !== 'string') return null;
  return { ...asPreferences(record), code: record.code, language: record.language };
};

export const writeDraft = (store: Store, problemKey: string, draft: ProblemDraft): void =>
  store.setItem(draftKey(problemKey), JSON.stringify(draft));
