import { expect, test } from './support/map';

test('when the app’s code cannot be loaded, an alert says so, in place of a map without controls', async ({
  page,
}) => {
  // The entry chunk (MapLibre and the map) loads; the app's own chunk does not.
  await page.route(/\/assets\/mountApp-[^/]+\.js$/, (route) => route.abort());
  await page.goto('./');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Chartroom could not load its code');
  await expect(alert).toContainText('Check the connection, then reload the page to try again.');
  await expect(alert).toBeVisible();
  // What failed, for whoever reports it; and the way back, once the code can be had.
  await expect(alert.locator('.load-failure-detail')).toContainText('mountApp');
  // The map made early is gone: nothing covers the message.
  await expect(page.locator('#map-early')).toHaveCount(0);
  const box = await alert.boundingBox();
  expect(box, 'the alert is laid out').not.toBeNull();
  const topmost = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="alert"]') !== null,
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  );
  expect(topmost, 'the alert is the topmost thing where it is drawn').toBe(true);
  await page.unroute(/\/assets\/mountApp-[^/]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('toolbar', { name: 'Tools' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
