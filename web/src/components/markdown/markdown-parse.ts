/**
 * A small Markdown subset for announcements and signatures: headings, paragraphs, lists, quotes, fenced code,
 * inline code, bold, italic, links and images. It yields a tree of plain data that the view turns into React
 * elements, so raw HTML in the source is never markup (it shows as text) and only safe URLs survive.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'image'; src: string; alt: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; children: Inline[] }
  | { kind: 'code'; text: string };

/** http(s), mailto and same-site paths; javascript:, data: and the rest are dropped. */
export const safeUrl = (url: string): string | null => {
  const trimmed = url.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return null;
};

const inlinePattern = /`([^`]+)`|!\[([^\]]*)\]\(([^)\s]+)\)|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*]+)\*/;

export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, code, alt, src, label, href, strong, em] = match;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (src !== undefined) {
      const url = safeUrl(src);
      out.push(url ? { kind: 'image', src: url, alt: alt ?? '' } : { kind: 'text', text: whole });
    } else if (href !== undefined) {
      const url = safeUrl(href);
      const children = parseInline(label ?? '');
      out.push(url ? { kind: 'link', href: url, children } : { kind: 'text', text: label ?? '' });
    } else if (strong !== undefined) out.push({ kind: 'strong', children: parseInline(strong) });
    else out.push({ kind: 'em', children: parseInline(em ?? '') });
    rest = rest.slice(match.index + whole.length);
  }
  return out;
};

const listItem = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
const heading = /^(#{1,6})\s+(.*)$/;

const readFence = (lines: string[], start: number): { block: Block; next: number } => {
  const body: string[] = [];
  let index = start + 1;
  while (index < lines.length && !(lines[index] ?? '').trim().startsWith('```')) body.push(lines[index++] ?? '');
  return { block: { kind: 'code', text: body.join('\n') }, next: index + 1 };
};

const readList = (lines: string[], start: number): { block: Block; next: number } => {
  const ordered = listItem.exec(lines[start] ?? '')?.[2] !== undefined;
  const items: Inline[][] = [];
  let index = start;
  for (let match = listItem.exec(lines[index] ?? ''); match; match = listItem.exec(lines[++index] ?? '')) {
    items.push(parseInline(match[3] ?? ''));
  }
  return { block: { kind: 'list', ordered, items }, next: index };
};

const startsBlock = (line: string) =>
  line.trim() === '' || heading.test(line) || listItem.test(line) || line.startsWith('>') || line.startsWith('```');

export const parseMarkdown = (source: string): Block[] => {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const title = heading.exec(line);
    if (line.trim() === '') index++;
    else if (line.trim().startsWith('```')) {
      const fence = readFence(lines, index);
      blocks.push(fence.block);
      index = fence.next;
    } else if (title) {
      const level = Math.min(6, title[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, children: parseInline(title[2] ?? '') });
      index++;
    } else if (listItem.test(line)) {
      const list = readList(lines, index);
      blocks.push(list.block);
      index = list.next;
    } else {
      const quoted = line.startsWith('>');
      const body: string[] = [];
      while (index < lines.length) {
        const text = lines[index] ?? '';
        if (quoted ? !text.startsWith('>') : body.length > 0 && startsBlock(text)) break;
        body.push(quoted ? text.replace(/^>\s?/, '') : text);
        index++;
      }
      const children = parseInline(body.join('\n'));
      blocks.push(quoted ? { kind: 'quote', children } : { kind: 'paragraph', children });
    }
  }
  return blocks;
};
