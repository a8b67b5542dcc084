import { describe, expect, it } from 'vitest';
import { pinColour } from '../../../src/yourMap/pinColour';

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
