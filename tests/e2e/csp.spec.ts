import { readFileSync } from 'node:fs';
import { contentSecurityPolicy } from '../../src/security/csp';
import { expect, expectReady, test } from './support/map';

const DIST = process.env.E2E_DIST ?? 'dist';

/** The policy's directives, from the page's own meta element. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

test('the production page carries a strict Content-Security-Policy before any script', async ({
  page,
}) => {
  await page.goto('./');
  await expectReady(page);
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(meta).toHaveCount(1);
  const policy = (await meta.getAttribute('content')) ?? '';
  expect(policy).toBe(contentSecurityPolicy());
  const d = directives(policy);
  expect(d['default-src']).toEqual(["'self'"]);
  expect(d['script-src']).toEqual(["'self'"]);
  expect(d['worker-src']).toEqual(["'self'"]);
  expect(d['connect-src']).toEqual(["'self'"]);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);

  // In the built file it comes before the first script, so it governs every script.
  const html = readFileSync(`${DIST}/index.html`, 'utf8');
  const at = html.indexOf('http-equiv="Content-Security-Policy"');
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(html.indexOf('<script'));
});

test('the recorder catches a violation: an inline script is blocked and reported', async ({
  page,
  cspViolations,
}) => {
  await page.goto('./');
  await expectReady(page);
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran, 'the inline script ran').toBe(false);
  await expect
    .poll(() => cspViolations.filter((v) => v.via === 'event').map((v) => v.directive))
    .toContain('script-src-elem');
  // Seen on purpose: the fixture checks for none left at the end.
  cspViolations.splice(0);
});

test('the recorder catches a blocked request to another origin too', async ({
  page,
  cspViolations,
}) => {
  await page.goto('./');
  await expectReady(page);
  const outcome = await page.evaluate(() =>
    fetch('https://tiles.example.com/style.json').then(
      () => 'fetched',
      () => 'blocked',
    ),
  );
  expect(outcome).toBe('blocked');
  await expect
    .poll(() => cspViolations.filter((v) => v.via === 'event').map((v) => v.blockedURI))
    .toContain('https://tiles.example.com/style.json');
  cspViolations.splice(0);
});
