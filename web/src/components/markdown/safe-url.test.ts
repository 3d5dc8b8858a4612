import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps http(s), mailto and same-site paths', () => {
    expect(safeUrl('https://example.com')).toBe('https://example.com');
    expect(safeUrl(' mailto:a@b.c ')).toBe('mailto:a@b.c');
    expect(safeUrl('/api/public/img/a.png')).toBe('/api/public/img/a.png');
  });

  it('drops script, data and protocol-relative URLs', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:image/png;base64,AA')).toBeNull();
    expect(safeUrl('//evil.example/x')).toBeNull();
  });
});
