import { describe, expect, it } from 'vitest';
import {
  BROWSER_UI_FEATURES,
  mergeDisabledFeatures,
} from '../../../bench/lib/chromiumFeatures.mjs';

describe("the benchmark's Chromium features", () => {
  it("adds its features to Playwright's own --disable-features, which it then leaves out", () => {
    const own = '--disable-features=PaintHolding,MediaRouter';
    const { ignore, arg } = mergeDisabledFeatures(
      ['--no-sandbox', own, '--enable-features=CDPScreenshotNewSurface'],
      BROWSER_UI_FEATURES,
    );
    expect(ignore).toEqual([own]);
    expect(arg).toBe(
      '--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    );
  });

  it('names a feature once, and stands alone when Playwright disables none', () => {
    expect(
      mergeDisabledFeatures(['--disable-features=WebUIOmniboxPopup'], BROWSER_UI_FEATURES).arg,
    ).toBe('--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup');
    expect(mergeDisabledFeatures(['--headless'], ['A'])).toEqual({
      ignore: [],
      arg: '--disable-features=A',
    });
  });
});
