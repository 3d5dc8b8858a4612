import * as monaco from 'monaco-editor/editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/languages/definitions/cpp/register';
import 'monaco-editor/languages/definitions/java/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/go/register';
import 'monaco-editor/languages/definitions/csharp/register';
import 'monaco-editor/languages/definitions/php/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/ruby/register';
import 'monaco-editor/languages/definitions/rust/register';
import 'monaco-editor/languages/definitions/kotlin/register';
import 'monaco-editor/languages/definitions/scala/register';
import 'monaco-editor/languages/definitions/lua/register';
import 'monaco-editor/languages/definitions/perl/register';
import 'monaco-editor/languages/definitions/pascal/register';
import 'monaco-editor/languages/definitions/fsharp/register';
import 'monaco-editor/languages/definitions/scheme/register';
import type { EditorTheme } from './editor-settings';

/**
 * Monaco from the bundle, never a CDN (platform.md §4): the core editor plus only the judge's languages, so the
 * lazily loaded editor chunk stays a fraction of the full package. The editor worker is the only worker needed.
 */
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

type ThemeSpec = {
  base: 'vs' | 'vs-dark';
  background: string;
  foreground: string;
  keyword: string;
  string: string;
  comment: string;
};

/** The CodeMirror theme names of spec 000 §9, redrawn as Monaco themes with their signature colours. */
const themes: Record<EditorTheme, ThemeSpec> = {
  monokai: {
    base: 'vs-dark',
    background: '#272822',
    foreground: '#f8f8f2',
    keyword: 'f92672',
    string: 'e6db74',
    comment: '75715e',
  },
  solarized: {
    base: 'vs',
    background: '#fdf6e3',
    foreground: '#657b83',
    keyword: '859900',
    string: '2aa198',
    comment: '93a1a1',
  },
  material: {
    base: 'vs-dark',
    background: '#263238',
    foreground: '#eeffff',
    keyword: 'c792ea',
    string: 'c3e88d',
    comment: '546e7a',
  },
  idea: {
    base: 'vs',
    background: '#ffffff',
    foreground: '#000000',
    keyword: '000080',
    string: '008000',
    comment: '808080',
  },
  eclipse: {
    base: 'vs',
    background: '#ffffff',
    foreground: '#000000',
    keyword: '7f0055',
    string: '2a00ff',
    comment: '3f7f5f',
  },
  'base16-dark': {
    base: 'vs-dark',
    background: '#151515',
    foreground: '#e0e0e0',
    keyword: 'aa759f',
    string: '90a959',
    comment: '8f5536',
  },
  cobalt: {
    base: 'vs-dark',
    background: '#002240',
    foreground: '#ffffff',
    keyword: 'ffee80',
    string: '3ad900',
    comment: '0088ff',
  },
  dracula: {
    base: 'vs-dark',
    background: '#282a36',
    foreground: '#f8f8f2',
    keyword: 'ff79c6',
    string: 'f1fa8c',
    comment: '6272a4',
  },
};

for (const [name, spec] of Object.entries(themes)) {
  monaco.editor.defineTheme(name, {
    base: spec.base,
    inherit: true,
    rules: [
      { token: 'keyword', foreground: spec.keyword },
      { token: 'string', foreground: spec.string },
      { token: 'comment', foreground: spec.comment, fontStyle: 'italic' },
    ],
    colors: { 'editor.background': spec.background, 'editor.foreground': spec.foreground },
  });
}

export { monaco };
