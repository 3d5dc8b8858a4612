import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from './user-agent-summary';

describe('summarizeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36',
      { browser: 'Chrome 139', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.0.0',
      { browser: 'Edge 139', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      { browser: 'Firefox 140', system: 'Linux' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 139', system: 'Android' },
    ],
  ])('names the browser and system of %s', (userAgent, summary) => {
    expect(summarizeUserAgent(userAgent)).toEqual(summary);
  });

  it('leaves what it does not know null', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(summarizeUserAgent('')).toEqual({ browser: null, system: null });
  });
});
