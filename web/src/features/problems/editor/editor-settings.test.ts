import { describe, expect, it } from 'vitest';
import { defaultPreferences, monacoLanguageOf, readDraft, readPreferences, writeDraft } from './editor-settings';

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('editor settings', () => {
  it('defaults to font 14 and tab 4', () => {
    expect(readPreferences(memoryStore())).toEqual(defaultPreferences);
    expect(defaultPreferences).toMatchObject({ fontSize: 14, tabSize: 4 });
  });

  it('keeps one draft per problem', () => {
    const store = memoryStore();
    writeDraft(store, 'none:P1000', { code: 'x', language: 'C++', theme: 'dracula', fontSize: 16, tabSize: 2 });
    expect(readDraft(store, 'none:P1000')).toEqual({
      code: 'x',
      language: 'C++',
      theme: 'dracula',
      fontSize: 16,
      tabSize: 2,
    });
    expect(readDraft(store, 'none:P1001')).toBeNull();
  });

  it('ignores settings outside the allowed choices', () => {
    const store = memoryStore();
    store.setItem('editorPreferences', JSON.stringify({ theme: 'neon', fontSize: 40, tabSize: 3 }));
    expect(readPreferences(store)).toEqual(defaultPreferences);
  });

  it('maps judge languages to editor modes', () => {
    expect(monacoLanguageOf('C++ 17 With O2')).toBe('cpp');
    expect(monacoLanguageOf('C With O2')).toBe('c');
    expect(monacoLanguageOf('PyPy3')).toBe('python');
    expect(monacoLanguageOf('Java')).toBe('java');
    expect(monacoLanguageOf('JavaScript Node')).toBe('javascript');
    expect(monacoLanguageOf('Golang')).toBe('go');
    expect(monacoLanguageOf('Kotlin')).toBe('kotlin');
    expect(monacoLanguageOf('OCaml')).toBe('fsharp');
    expect(monacoLanguageOf('Common Lisp')).toBe('scheme');
    expect(monacoLanguageOf('Prolog')).toBe('plaintext');
    expect(monacoLanguageOf('D')).toBe('plaintext');
  });
});
