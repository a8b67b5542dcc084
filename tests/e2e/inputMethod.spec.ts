import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/map';
import { hashState } from './support/places';
import { addPinAt, anyEditor, editor, openYourMap, spot } from './support/yourMap';

// Japanese, Chinese and Korean are typed through an input method: kana composed, then converted,
// then committed with Enter; Escape cancels the conversion. Chromium's own composition (the
// DevTools protocol's IME calls) gives the page the keydowns it gives a person's (isComposing).

/** Composes `steps` in the focused field, as an input method shows them one after another. */
async function compose(cdp: CDPSession, steps: string[]): Promise<void> {
  for (const text of steps) {
    await cdp.send('Input.imeSetComposition', {
      text,
      selectionStart: text.length,
      selectionEnd: text.length,
    });
  }
}

/** A key pressed while composing: the input method's, not the page's. */
async function pressDuringComposition(cdp: CDPSession, key: 'Enter' | 'Escape'): Promise<void> {
  const code = key === 'Enter' ? 13 : 27;
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'rawKeyDown',
    key,
    code: key,
    windowsVirtualKeyCode: code,
  });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'keyUp',
    key,
    code: key,
    windowsVirtualKeyCode: code,
  });
}

async function keysSeen(page: Page): Promise<Array<[string, boolean]>> {
  return page.evaluate(() => (window as unknown as { __keys: Array<[string, boolean]> }).__keys);
}

test('Enter and Escape that end an input method’s composition are not the app’s commands', async ({
  page,
}) => {
  await openYourMap(page);
  await page.evaluate(() => {
    const keys: Array<[string, boolean]> = [];
    (window as unknown as { __keys: typeof keys }).__keys = keys;
    window.addEventListener('keydown', (event) => keys.push([event.key, event.isComposing]), true);
  });
  const cdp = await page.context().newCDPSession(page);
  const search = page.getByRole('combobox', { name: 'Search places' });

  // Search: the Enter that commits "paris" chooses no place.
  await search.click();
  await compose(cdp, ['p', 'pa', 'par', 'pari', 'paris']);
  await expect(page.getByRole('option').first()).toHaveText(/^Paris/);
  await pressDuringComposition(cdp, 'Enter');
  await cdp.send('Input.insertText', { text: 'paris' });
  expect(await keysSeen(page), 'the page saw the Enter as composing').toContainEqual([
    'Enter',
    true,
  ]);
  await expect(search).toHaveValue('paris');
  await expect(search).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await hashState(page)).placeId).toBeNull();
  // A plain Enter after it does choose.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Paris' })).toBeVisible();

  // (Escape in a search field is also the browser's own "clear", which a real input method keeps
  // for itself: the editor's Escape below is the app's own.)
  await page.keyboard.press('Escape');

  // A pin's Name: Escape cancelling a conversion leaves the editor open, the focus in Name.
  const dialog = await addPinAt(page, await spot(page, 'west'), 'Pin 1');
  // (The dialog is named after the pin: found by its class once the name changes.)
  const name = anyEditor(page).getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await compose(cdp, ['と', 'とう', 'とうきょう', '東京']);
  await pressDuringComposition(cdp, 'Escape');
  await cdp.send('Input.imeSetComposition', { text: '', selectionStart: 0, selectionEnd: 0 });
  await expect(dialog).toBeVisible();
  await expect(name).toBeFocused();
  // Committed with Enter, the name is kept; a plain Escape then closes the editor.
  await compose(cdp, ['お', 'おお', 'おおさか', '大阪']);
  await pressDuringComposition(cdp, 'Enter');
  await cdp.send('Input.insertText', { text: '大阪' });
  await expect(name).toHaveValue('大阪');
  await expect(editor(page, '大阪')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
