// The participant's client from their user agent: the main systems and browsers, with versions.
import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../src/media/user-agent.ts';

describe('reading a user agent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', { os: 'Windows', osVersion: '10', browser: 'Chrome', browserVersion: '131', platform: 'web' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80', { os: 'Windows', browser: 'Edge', browserVersion: '130', platform: 'web' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15', { os: 'macOS', osVersion: '10.15.7', browser: 'Safari', browserVersion: '17', platform: 'web' }],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', { os: 'Linux', browser: 'Firefox', browserVersion: '132', platform: 'web' }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1', { os: 'iOS', osVersion: '17.1.2', browser: 'Safari', browserVersion: '17', platform: 'mobile' }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36', { os: 'Android', osVersion: '14', browser: 'Chrome', browserVersion: '131', platform: 'mobile' }],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', { os: 'ChromeOS', browser: 'Chrome', platform: 'web' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Portal/1.2.0 Chrome/128.0.6613.36 Electron/32.0.1 Safari/537.36', { os: 'Windows', browser: 'Electron', browserVersion: '32', platform: 'desktop' }],
  ])('%s', (agent, expected) => {
    expect(parseUserAgent(agent)).toMatchObject(expected);
  });

  it('says nothing of what it does not know', () => {
    expect(parseUserAgent(undefined)).toEqual({});
    expect(parseUserAgent('curl/8.5.0')).toEqual({ platform: 'web' });
  });
});
