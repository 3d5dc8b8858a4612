import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import kotlin from 'highlight.js/lib/languages/kotlin';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import katex from 'katex';
import MarkdownIt from 'markdown-it';
import markdownItKatexModule from '@vscode/markdown-it-katex';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';

/**
 * The one Markdown renderer of the site (problems, announcements, profiles, contest descriptions, and every editor's
 * preview): CommonMark with GitHub tables and strikethrough, `$…$` / `$$…$$` math through KaTeX (HOJ's problems are
 * written that way), highlighted fenced code, and raw HTML allowed (HOJ's statements use it) but always passed through
 * DOMPurify last, so scripts, event handlers and javascript: URLs render inert.
 */
const languages = { bash, c, cpp, csharp, go, java, javascript, kotlin, plaintext, python, rust };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? '');

const highlight = (code: string, language: string): string => {
  const known = language && hljs.getLanguage(language) ? language : null;
  const body = known ? hljs.highlight(code, { language: known, ignoreIllegals: true }).value : escapeHtml(code);
  return `<pre class="hljs"><code>${body}</code></pre>`;
};

type MarkdownPlugin = typeof markdownItKatexModule;
// The plugin is CommonJS with `exports.default`: bundlers hand over either the function or the module object.
const markdownItKatex: MarkdownPlugin =
  typeof markdownItKatexModule === 'function'
    ? markdownItKatexModule
    : (markdownItKatexModule as unknown as { default: MarkdownPlugin }).default;

const markdown = new MarkdownIt({ html: true, linkify: true, breaks: false, highlight }).use(markdownItKatex, {
  katex,
  throwOnError: false,
  enableMathBlockInHtml: true,
  enableMathInlineInHtml: true,
});

/** Links open in a new tab without giving the opened page a handle on ours. */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const sanitizeOptions = {
  // Forms, frames and embedded documents have no place in a statement; style attributes stay (KaTeX needs them).
  FORBID_TAGS: [
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'meta',
    'link',
    'style',
  ],
  ALLOW_DATA_ATTR: false,
};

/** Markdown source → sanitized HTML, safe to put into the page as it is. */
export const renderMarkdown = (source: string): string =>
  DOMPurify.sanitize(markdown.render(source), sanitizeOptions) as string;
