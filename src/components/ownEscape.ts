/**
 * Whether an Escape pressed here belongs to a part of the page that uses it itself, marked with a
 * `data-own-escape` attribute (the open Flows panel, which Escape closes): the page's own keys
 * (Your map's, which listen on the window before it hears the key) leave it to that part.
 */
export function ownsEscape(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-own-escape]') !== null;
}
