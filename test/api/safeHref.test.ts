import { describe, expect, it } from 'vitest';
import { LookupError, toSafeHref } from '../../src/api';

describe('toSafeHref', () => {
  it.each(['http://files.example/a.png', 'https://files.example/a.zip?x=1#y', 'HTTPS://files.example/b'])(
    'accepts %s',
    (url) => {
      expect(toSafeHref(url)).toBe(new URL(url).href);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox(1)',
    '/files/x.png',
    'files/x.png',
    '//evil.example/x.png',
    ' https://files.example/padded.png',
    'https://files.example/padded.png ',
    'https://files.example/new\nline.png',
    'http:///no-host',
    `https://files.example/${'a'.repeat(100_000)}`,
    '',
  ])('refuses %j', (url) => {
    expect(() => toSafeHref(url)).toThrow(LookupError);
  });

  it.each([null, 42, { href: 'https://x' }])('refuses a non-string %j', (value) => {
    expect(() => toSafeHref(value)).toThrow(/expected a string/);
  });

  it('keeps the log short for huge URLs', () => {
    try {
      toSafeHref(`javascript:${'x'.repeat(100_000)}`);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(200);
    }
  });
});
