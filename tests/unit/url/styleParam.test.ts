// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { chooseStyle, originsInPolicy } from '../../../src/url/styleParam';
import { contentSecurityPolicy } from '../../../src/security/csp';

const BASE = 'http://localhost/app/';
const DEFAULT = 'http://localhost/app/styles/basemap.json';

function setPolicy(policy: string | null): void {
  document.head.querySelector('meta[http-equiv]')?.remove();
  if (policy === null) return;
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy;
  document.head.append(meta);
}

afterEach(() => setPolicy(null));

describe('chooseStyle', () => {
  it('takes an http(s) or relative link, and the default without one', () => {
    expect(chooseStyle('', BASE, null)).toEqual({ url: DEFAULT, notice: null });
    expect(chooseStyle('?style=https://tiles.example.com/s.json', BASE, null).url).toBe(
      'https://tiles.example.com/s.json',
    );
    expect(chooseStyle('?style=other.json', BASE, null).url).toBe(
      'http://localhost/app/other.json',
    );
  });

  it('refuses markup, spaces and quotes, which no link holds, rather than take them for a page', () => {
    for (const link of ['<img src=x onerror=alert(1)>', 'styles/a b.json', '"x.json"', 'a`b']) {
      const choice = chooseStyle(`?style=${encodeURIComponent(link)}`, BASE, null);
      expect(choice, link).toEqual({
        url: DEFAULT,
        notice: 'The style link is not a valid URL, so the default map is shown.',
      });
    }
  });

  it('refuses a link that names two styles', () => {
    expect(chooseStyle('?style=a.json&style=b.json', BASE, null)).toEqual({
      url: DEFAULT,
      notice: 'The link names more than one style, so the default map is shown.',
    });
  });

  it('refuses javascript:, data: and blob: links with a notice', () => {
    for (const link of ['javascript:alert(1)', 'data:application/json,{}', 'blob:http://x/1']) {
      const choice = chooseStyle(`?style=${encodeURIComponent(link)}`, BASE, null);
      expect(choice.url, link).toBe(DEFAULT);
      expect(choice.notice, link).toMatch(/Only http and https/);
    }
  });

  it('refuses a link holding a user name or password, which fetch would refuse', () => {
    for (const link of [
      'http://user:pass@localhost/s.json',
      'https://user@tiles.example.com/s.json',
    ]) {
      const choice = chooseStyle(`?style=${encodeURIComponent(link)}`, BASE, null);
      expect(choice.url, link).toBe(DEFAULT);
      expect(choice.notice, link).toMatch(/holds a user name or password/);
    }
  });

  it('refuses another origin that the security policy does not allow, naming it', () => {
    const choice = chooseStyle('?style=https://tiles.example.com/s.json', BASE, [
      'http://localhost',
    ]);
    expect(choice.url).toBe(DEFAULT);
    expect(choice.notice).toContain('https://tiles.example.com');
    expect(choice.notice).toContain('security policy');
    expect(
      chooseStyle('?style=https://tiles.example.com/s.json', BASE, [
        'http://localhost',
        'https://tiles.example.com',
      ]).notice,
    ).toBeNull();
  });
});

describe('originsInPolicy', () => {
  it('is null without a policy in the page', () => {
    expect(originsInPolicy(document)).toBeNull();
  });

  it("reads connect-src from the build's own policy: the page's origin and the named ones", () => {
    setPolicy(contentSecurityPolicy(['https://tiles.example.com']));
    expect(originsInPolicy(document)).toEqual([
      window.location.origin,
      'https://tiles.example.com',
    ]);
    expect(chooseStyle('?style=https://tiles.example.com/s.json', BASE).notice).toBeNull();
    expect(chooseStyle('?style=https://evil.example.com/s.json', BASE).notice).toMatch(
      /not allowed/,
    );
  });

  it('falls back to default-src when there is no connect-src', () => {
    setPolicy("default-src 'self' https://a.example.com; img-src *");
    expect(originsInPolicy(document)).toEqual([window.location.origin, 'https://a.example.com']);
  });
});
