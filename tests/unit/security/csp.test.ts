import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseStyleOrigins } from '../../../src/security/csp';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources];
    }),
  );

describe('contentSecurityPolicy', () => {
  it('is strict by default: self only, no inline or eval scripts, no blob workers', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-(eval|inline)|blob:|\*/);
  });

  it('adds style origins to connect-src, img-src and font-src only', () => {
    const policy = directives(contentSecurityPolicy(['https://tiles.example.com']));
    for (const name of ['connect-src', 'img-src', 'font-src']) {
      expect(policy[name], name).toContain('https://tiles.example.com');
    }
    for (const name of ['default-src', 'script-src', 'worker-src', 'style-src']) {
      expect(policy[name], name).not.toContain('https://tiles.example.com');
    }
  });
});

describe('parseStyleOrigins', () => {
  it('reads origins separated by spaces or commas', () => {
    expect(parseStyleOrigins(undefined)).toEqual([]);
    expect(parseStyleOrigins('https://a.example.com, http://b.example.com:8080/')).toEqual([
      'https://a.example.com',
      'http://b.example.com:8080',
    ]);
  });

  it('fails the build on anything but a plain http(s) origin', () => {
    for (const bad of [
      '*',
      "'unsafe-inline'",
      'https://a.example.com/path',
      'ftp://a.example.com',
      'data:',
    ]) {
      expect(() => parseStyleOrigins(bad), bad).toThrow(/CHARTROOM_STYLE_ORIGINS/);
    }
  });
});
