import { FAILURE_MESSAGES } from '../../src/components/lifecycle/failureMessages';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { expect, mapRegion, test } from './support/map';
import { hashState } from './support/places';

// A browser of its own, with WebGL turned off.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--disable-webgl', '--disable-3d-apis'],
  },
});

test('without WebGL, an alert explains that this browser cannot draw the map', async ({ page }) => {
  const link = '#map=5/48.85341/2.3488&place=2988507';
  await page.goto(`./${link}`);
  expect(
    await page.evaluate(() => document.createElement('canvas').getContext('webgl2')),
    'WebGL2 is really off',
  ).toBeNull();

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(FAILURE_MESSAGES['webgl-unavailable'].text);
  await expect(alert).toContainText('cannot draw the map');
  // Trying again cannot help, so there is nothing to press.
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(mapRegion(page)).toHaveAttribute('aria-busy', 'false');
  // The camera and the selection in the address are left as they were (rewritten with the
  // precision zoom 5 needs).
  const { camera, placeId } = await hashState(page);
  expect(placeId).toBe(2988507);
  expect(camera?.zoom).toBe(5);
  expect(Math.abs((camera?.center.lat ?? 0) - 48.85341)).toBeLessThan(0.01);
  expect(Math.abs((camera?.center.lng ?? 0) - 2.3488)).toBeLessThan(0.01);
  // No uncaught errors: the `pageErrors` fixture checks after every test.
});
