import { act } from '@testing-library/react';

/**
 * A click on empty map, as a person makes one: the press gives the map the focus (MapLibre's
 * canvas is focusable), then the click lands. Returns the map's focusable stand-in.
 */
export function clickEmptyMap(app: {
  send(event: { type: 'map.clicked'; target: { kind: 'empty' } }): void;
}): HTMLElement {
  const map = document.createElement('div');
  map.tabIndex = 0;
  document.body.append(map);
  act(() => map.focus());
  act(() => app.send({ type: 'map.clicked', target: { kind: 'empty' } }));
  return map;
}
