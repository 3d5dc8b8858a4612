import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = import.meta.dirname;
const source = 'zh-CN';
const translations = ['en-US'];

type Tree = { [key: string]: string | Tree };

const readNamespace = (language: string, file: string): Tree =>
  JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;

/** Every leaf as 'a.b.c' → text. */
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(name, value);
    else for (const [leaf, text] of flatten(value, name)) leaves.set(leaf, text);
  }
  return leaves;
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const namespaceFiles = (language: string) =>
  readdirSync(path.join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('locales', () => {
  it.each(translations)('%s has the same namespace files as zh-CN', (language) => {
    expect(namespaceFiles(language)).toEqual(namespaceFiles(source));
  });

  for (const file of namespaceFiles(source)) {
    it.each(translations)(`${file}: %s has exactly the keys of zh-CN`, (language) => {
      const expected = [...flatten(readNamespace(source, file)).keys()].sort();
      const actual = [...flatten(readNamespace(language, file)).keys()].sort();
      expect(actual).toEqual(expected);
    });

    it.each(translations)(`${file}: %s keeps every interpolation placeholder and leaves no text empty`, (language) => {
      const reference = flatten(readNamespace(source, file));
      for (const [key, text] of flatten(readNamespace(language, file))) {
        expect(text.trim(), `${language}/${file} ${key}`).not.toBe('');
        expect(placeholders(text), `${language}/${file} ${key}`).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  }
});
