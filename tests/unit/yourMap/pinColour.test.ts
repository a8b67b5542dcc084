import { describe, expect, it } from 'vitest';
import type { FeatureRecord, JsonValue } from '../../../src/yourMap/model';
import { recolourPin } from '../../../src/yourMap/operations';
import { pinColour, withColour } from '../../../src/yourMap/pinColour';

describe('pinColour', () => {
  it('reads marker-color as simplestyle writes it: 3 or 6 hex digits, with or without #', () => {
    expect(pinColour({ 'marker-color': '#7e7e7e' })).toBe('#7e7e7e');
    expect(pinColour({ 'marker-color': '#F80' })).toBe('#ff8800');
    expect(pinColour({ 'marker-color': 'c62828' })).toBe('#c62828');
    expect(pinColour({ 'marker-color': ' #00AA00 ' })).toBe('#00aa00');
  });

  it('draws no colour of the pin’s own for anything else, or none', () => {
    for (const value of ['red', 'rgb(255,0,0)', '#12345', '#1234567', '', '#ggg', 255, null, true])
      expect(pinColour({ 'marker-color': value }), String(value)).toBeNull();
    expect(pinColour(undefined)).toBeNull();
    expect(pinColour({ 'Marker-Color': '#f00', stroke: '#f00' })).toBeNull();
    // A key named after Object.prototype's members is only ever the file's own.
    expect(pinColour(JSON.parse('{"__proto__": {"marker-color": "#f00"}}'))).toBeNull();
  });
});

describe('recolourPin', () => {
  const made = { t: 2_000, by: 'tab-a' };
  const pin = (properties?: Record<string, JsonValue>): FeatureRecord => ({
    v: 2,
    id: 'p',
    kind: 'pin',
    name: 'Harbour',
    note: '',
    geometry: { type: 'Point', coordinates: [1, 2] },
    created: 1_000,
    updated: 1_000,
    by: 'tab-b',
    ...(properties ? { properties } : {}),
  });

  it('sets marker-color, keeping the file’s other properties, as one change made now', () => {
    const before = pin({ 'marker-size': 'large', amenity: 'cafe' });
    const operation = recolourPin({ p: before }, { id: 'p', colour: '#D32F2F' }, made);
    expect(operation?.kind).toBe('recolour');
    expect(operation?.changes).toEqual([
      {
        id: 'p',
        before,
        after: {
          ...before,
          properties: { 'marker-size': 'large', amenity: 'cafe', 'marker-color': '#d32f2f' },
          updated: 2_000,
          by: 'tab-a',
        },
      },
    ]);
  });

  it('takes marker-color away for the app’s own colour, and the properties with it if none are left', () => {
    const after = recolourPin(
      { p: pin({ 'marker-color': '#f00' }) },
      { id: 'p', colour: null },
      made,
    )?.changes[0]?.after;
    expect(after).not.toHaveProperty('properties');
    // An undrawable marker-color ('red') is the app's colour already: nothing to change.
    expect(
      recolourPin({ p: pin({ 'marker-color': 'red' }) }, { id: 'p', colour: null }, made),
    ).toBe(null);
  });

  it('changes nothing for the colour it has, a colour that is not one, or no such pin', () => {
    const red = pin({ 'marker-color': 'D32F2F' });
    expect(recolourPin({ p: red }, { id: 'p', colour: '#d32f2f' }, made)).toBeNull();
    expect(recolourPin({ p: red }, { id: 'p', colour: 'tomato' }, made)).toBeNull();
    expect(recolourPin({}, { id: 'p', colour: '#d32f2f' }, made)).toBeNull();
  });
});

describe('withColour', () => {
  it('keeps a key named __proto__ as the record’s own', () => {
    const properties = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, JsonValue>;
    const coloured = withColour(properties, '#2e7d32');
    expect(Object.keys(coloured ?? {})).toEqual(['__proto__', 'marker-color']);
    expect(Object.getPrototypeOf(coloured)).toBe(Object.prototype);
  });
});
