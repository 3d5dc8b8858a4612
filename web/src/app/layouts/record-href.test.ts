import { describe, expect, it } from 'vitest';
import { recordHref } from './record-href';

describe('the footer record link', () => {
  it('F20: links the record URL only when safeUrl lets it through', () => {
    expect(recordHref('https://beian.miit.gov.cn/')).toBe('https://beian.miit.gov.cn/');
    expect(recordHref('javascript:alert(document.cookie)')).toBeNull();
    expect(recordHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(recordHref(null)).toBeNull();
  });
});
