import { expect, test } from './support/map';
import { settle } from './support/camera';
import { canvasIsTopmostAt } from './support/places';
import {
  editor,
  editorCoordinates,
  expectNear,
  listButtons,
  openYourMap,
  pointOf,
  storedNamed,
} from './support/yourMap';

const LISBON = { lng: -9.1393, lat: 38.7223 };
/** The editor shows five decimals. */
const SHOWN = 0.00001;

test('a position typed into search: Go to flies there, Add pin at puts a pin there, by keyboard', async ({
  page,
}) => {
  await openYourMap(page);
  const search = page.getByRole('combobox', { name: 'Search places' });
  const options = page.getByRole('option');

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('38.7223, -9.1393');
  await expect(options).toHaveText([
    'Go to 38.72230° N, 9.13930° W',
    'Add pin at 38.72230° N, 9.13930° W',
  ]);
  await page.keyboard.press('Enter');
  const { settled } = await settle(page, (camera) => camera.zoom === 10);
  await expect(search).toHaveValue('38.72230° N, 9.13930° W');
  // The position is in view, clear of the panels.
  const there = await pointOf(page, LISBON.lng, LISBON.lat);
  expect(await canvasIsTopmostAt(page, there), `the position at ${JSON.stringify(there)}`).toBe(
    true,
  );
  expect(Math.abs(settled.center.lat - LISBON.lat)).toBeLessThan(1);
  expect(Math.abs(settled.center.lng - LISBON.lng)).toBeLessThan(1);

  // As it is copied from elsewhere: degrees, minutes and seconds, over the text there.
  await expect(search).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`38°43'20.3"N 9°8'21.5"W`);
  await expect(options.first()).toHaveText('Go to 38.72231° N, 9.13931° W');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = editor(page, 'Pin 1');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  const typed = { lng: -(9 + 8 / 60 + 21.5 / 3600), lat: 38 + 43 / 60 + 20.3 / 3600 };
  expectNear(await editorCoordinates(dialog), typed, SHOWN, 'the editor');
  // Saved where it was typed, to the 7 decimals a record keeps.
  await expect.poll(async () => (await storedNamed(page, 'Pin 1')) ?? null).not.toBeNull();
  const [lng, lat] = (await storedNamed(page, 'Pin 1'))!.geometry.coordinates;
  expectNear({ lng, lat }, typed, 1e-7, 'the stored pin');
  await expect(listButtons(page)).toHaveText(['Pin 1']);

  // A position the map cannot show says why, and offers nothing.
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('89 N, 10 E');
  await expect(page.getByText('The map does not reach that far north or south')).toBeVisible();
  await expect(options).toHaveCount(0);
});
