import { describe, expect, it } from 'vitest';
import { toSafeHref } from '../../src/api/operation';
import { LookupError } from '../../src/api/wire';

describe('toSafeHref', () => {
  it.each(['http://files.example/a.png', 'https://files.example/a.zip?x=1#y', 'HTTPS://files.example/b'])(
    'accepts %s',
    (url) => {
      expect(toSafeHref(url)).toBe(new URL(url).href);
    },
  );

  it.each([
    ['https://cdn.example/My Material.zip', 'https://cdn.example/My%20Material.zip'],
    ['https://cdn.example/a b/ü.png?q=x y', 'https://cdn.example/a%20b/%C3%BC.png?q=x%20y'],
    ['https://CDN.example:443/x', 'https://cdn.example/x'],
  ])('sets %j as a browser reads it: %j', (url, href) => {
    expect(toSafeHref(url)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'javascript:https://files.example/a.png',
    'https:files.example/no-slashes.png',
    'https://files.example/tab\there.png',
    'https://files.example/nul\u0000.png',
    'https://files.example/del\u007f.png',
    '\u00a0https://files.example/nbsp-padded.png',
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

describe('toSafeHref refuses what passes the first look but is no URL', () => {
  it.each(['https://bad host/x.png', 'https://[::1/x.png', 'http://exa%mple.com/x'])('%j', (url) => {
    expect(() => toSafeHref(url)).toThrow(`refused download URL ${JSON.stringify(url)}: not a valid URL`);
  });

  it.each(['https://files.example/\u0001.png', 'https://files.example/\u001f.png'])(
    'refuses a control character (%j)',
    (url) => {
      expect(() => toSafeHref(url)).toThrow('only absolute http and https URLs are used');
    },
  );
});

describe('toSafeHref and long URLs', () => {
  const ofLength = (length: number) => {
    const start = 'https://files.example/';
    return `${start}${'a'.repeat(length - start.length)}`;
  };

  // Test names stay short: a name that quotes a huge URL crashes Stryker's Vitest runner.
  it('accepts a URL of 8192 characters and refuses one of 8193', () => {
    expect(toSafeHref(ofLength(8192))).toBe(ofLength(8192));
    expect(() => toSafeHref(ofLength(8193))).toThrow(LookupError);
  });

  it('refuses a 100 000-character URL, saying why and quoting only its start', () => {
    const url = ofLength(100_000);
    expect(() => toSafeHref(url)).toThrow(
      `refused download URL ${JSON.stringify(`${url.slice(0, 80)}…`)}: longer than 8192 characters`,
    );
  });

  it('quotes a refused URL of 80 characters whole, and cuts one of 81 after 80', () => {
    const eighty = `javascript:${'x'.repeat(69)}`;
    expect(() => toSafeHref(eighty)).toThrow(`refused download URL "${eighty}": only absolute`);
    expect(() => toSafeHref(`${eighty}y`)).toThrow(`refused download URL "${eighty}…": only absolute`);
  });
});
