import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeUrl } from './markdown-parse';

describe('markdown subset', () => {
  it('given blocks, when parsed, then headings, lists, quotes, code and paragraphs come out in order', () => {
    const source = '# Title\n\nFirst line\nsecond line\n\n- a\n- **b**\n\n1. one\n\n> quoted\n\n```\n<b>x</b>\n```';
    expect(parseMarkdown(source)).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Title' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'First line\nsecond line' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'strong', children: [{ kind: 'text', text: 'b' }] }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'one' }]] },
      { kind: 'quote', children: [{ kind: 'text', text: 'quoted' }] },
      { kind: 'code', text: '<b>x</b>' },
    ]);
  });

  it('given raw HTML, when parsed, then it stays text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('given unsafe link and image URLs, when parsed, then they are dropped', () => {
    expect(parseInline('[x](javascript:alert(1)) ![i](data:image/png;base64,AA)')).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'text', text: ') ' },
      { kind: 'text', text: '![i](data:image/png;base64,AA)' },
    ]);
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('/api/public/img/a.png')).toBe('/api/public/img/a.png');
    expect(safeUrl('https://example.com')).toBe('https://example.com');
  });

  it('given inline marks, when parsed, then code, emphasis and links nest', () => {
    expect(parseInline('use `a*b*` and *it* [**go**](https://x.y)')).toEqual([
      { kind: 'text', text: 'use ' },
      { kind: 'code', text: 'a*b*' },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.y', children: [{ kind: 'strong', children: [{ kind: 'text', text: 'go' }] }] },
    ]);
  });
});
