import { useEffect, useState } from 'react';
import { readDraft, readPreferences, writeDraft, writePreferences, type ProblemDraft } from '../editor/editor-settings';

/**
 * The editor state of one problem, kept in local storage as the user types (spec 000 §9): code, language and the
 * editor settings per problem, the settings also globally so a new problem opens with them.
 */
export const useProblemDraft = (
  problemKey: string,
  languages: readonly string[],
  templates: Readonly<Record<string, string>>,
) => {
  const initial = (): ProblemDraft => {
    const stored = readDraft(localStorage, problemKey);
    if (stored && languages.includes(stored.language)) return stored;
    const language = languages[0] ?? 'C++';
    return { ...readPreferences(localStorage), language, code: templates[language] ?? '' };
  };
  const [draft, setDraft] = useState<ProblemDraft>(initial);
  const [loadedKey, setLoadedKey] = useState(problemKey);
  if (loadedKey !== problemKey) {
    setLoadedKey(problemKey);
    setDraft(initial());
  }
  useEffect(() => {
    writeDraft(localStorage, problemKey, draft);
    writePreferences(localStorage, { theme: draft.theme, fontSize: draft.fontSize, tabSize: draft.tabSize });
  }, [problemKey, draft]);

  const update = (patch: Partial<ProblemDraft>) => setDraft((current) => ({ ...current, ...patch }));
  /** Switching language loads its template when the code is still empty or untouched. */
  const changeLanguage = (language: string) =>
    setDraft((current) => {
      const isUntouched = current.code.trim() === '' || current.code === (templates[current.language] ?? '');
      return { ...current, language, code: isUntouched ? (templates[language] ?? current.code) : current.code };
    });
  const resetCode = () => setDraft((current) => ({ ...current, code: templates[current.language] ?? '' }));
  return { draft, update, changeLanguage, resetCode };
};
