import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectionMachine } from '../../../src/machines/selectionMachine';
import { PARIS, chosen, clickedEmpty, clickedPlace } from '../support/fakeSelectionPort';

/** The selection machine with its pin and place highlights recorded, in order. */
function start() {
  const commands: string[] = [];
  const actor = createActor(
    selectionMachine.provide({
      actions: {
        highlightPin: (_, { id }) => commands.push(`pin ${id}`),
        highlightSelected: (_, { id }) => commands.push(`place ${id}`),
        highlightHovered: () => {},
        // No camera in this system: flights are not what these tests are about.
        flyToSelected: () => {},
      },
    }),
  ).start();
  return { actor, commands, state: () => actor.getSnapshot().value.selection };
}

const pinSelected = (id: string) =>
  ({ type: 'pin.selected', id, origin: 'map', byKeyboard: false }) as const;

describe('selectionMachine, with the person’s pins', () => {
  it('opens a pin’s editor and highlights the pin', () => {
    const { actor, commands, state } = start();
    actor.send(pinSelected('a'));
    expect(state()).toBe('pinSelected');
    expect(actor.getSnapshot().hasTag('editorOpen')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ pin: 'a', pinOrigin: 'map' });
    expect(commands).toEqual(['pin a']);
  });

  it('closes a place’s popup when a pin is selected: one selection across both', () => {
    const { actor, commands, state } = start();
    actor.send(clickedPlace(PARIS));
    actor.send(pinSelected('a'));
    expect(state()).toBe('pinSelected');
    expect(actor.getSnapshot().hasTag('popupOpen')).toBe(false);
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(commands).toEqual([`place ${PARIS.id}`, 'place null', 'pin a']);
  });

  it('closes the pin’s editor when a place is clicked or chosen', () => {
    for (const event of [clickedPlace(PARIS), chosen(PARIS, 'list', true)]) {
      const { actor, commands, state } = start();
      actor.send(pinSelected('a'));
      actor.send(event);
      expect(state()).toBe('selected');
      expect(actor.getSnapshot().context.pin).toBeNull();
      expect(commands).toEqual(['pin a', 'pin null', `place ${PARIS.id}`]);
    }
  });

  it('ends the pin’s selection on a click on empty map, or when its editor closes', () => {
    for (const event of [clickedEmpty(), { type: 'editor.closed' } as const]) {
      const { actor, state } = start();
      actor.send(pinSelected('a'));
      actor.send(event);
      expect(state()).toBe('none');
      expect(actor.getSnapshot().context).toMatchObject({ pin: null, pinOrigin: null });
    }
  });

  it('switches from one pin to another, highlighting only the new one', () => {
    const { actor, commands } = start();
    actor.send(pinSelected('a'));
    actor.send(pinSelected('b'));
    expect(actor.getSnapshot().context.pin).toBe('b');
    expect(commands).toEqual(['pin a', 'pin null', 'pin b']);
  });

  it('keeps a pin’s editor open when its pin is selected again, taking the new origin', () => {
    const { actor, commands } = start();
    actor.send(pinSelected('a'));
    actor.send({ type: 'pin.selected', id: 'a', origin: 'list', byKeyboard: true });
    expect(actor.getSnapshot().context).toMatchObject({
      pin: 'a',
      pinOrigin: 'list',
      byKeyboard: true,
    });
    expect(commands).toEqual(['pin a']);
  });

  it('ignores the place popup’s close while a pin is selected', () => {
    const { actor, state } = start();
    actor.send(pinSelected('a'));
    actor.send({ type: 'popup.closed' });
    expect(state()).toBe('pinSelected');
  });
});
