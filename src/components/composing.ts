/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean and
 * others: kana typed and converted to kanji, say), not to the page. Enter there commits the text,
 * Escape cancels the conversion, the arrows choose a candidate: none is the app's. Safari sends
 * the Enter that commits just after `compositionend`, with `isComposing` false, as key code 229,
 * which Chromium sends during composition too.
 */
export function isComposing(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}
