import { describe, expect, it } from 'vitest';
import { classifyLoadedTile, classifyMapError } from '../../../src/map/classifyError';

const tileID = { canonical: { z: 6, x: 32, y: 22 } };

describe('classifyLoadedTile', () => {
  it('reports a vector tile that loaded without a feature index as missing (HTTP 404)', () => {
    expect(
      classifyLoadedTile({
        sourceId: 'basemap',
        sourceType: 'vector',
        tile: { state: 'loaded', tileID },
      }),
    ).toEqual({ type: 'map.tileFailed', sourceId: 'basemap', tile: '6/32/22', status: 404 });
  });

  it('ignores decoded tiles, tiles still loading, and sources that are not vector', () => {
    const decoded = { state: 'loaded', tileID, latestFeatureIndex: {} };
    expect(classifyLoadedTile({ sourceId: 'b', sourceType: 'vector', tile: decoded })).toBeNull();
    const loading = { state: 'loading', tileID };
    expect(classifyLoadedTile({ sourceId: 'b', sourceType: 'vector', tile: loading })).toBeNull();
    const raster = { state: 'loaded', tileID };
    expect(classifyLoadedTile({ sourceId: 'b', sourceType: 'raster', tile: raster })).toBeNull();
    expect(classifyLoadedTile({ sourceId: 'b', sourceType: 'vector' })).toBeNull();
  });
});

describe('classifyMapError', () => {
  it('tells tile failures, a missing worker and style rule breaches apart', () => {
    expect(
      classifyMapError({
        error: Object.assign(new Error('x'), { status: 500 }),
        sourceId: 'b',
        tile: { tileID },
      }),
    ).toMatchObject({ type: 'map.tileFailed', status: 500, tile: '6/32/22' });
    expect(
      classifyMapError({
        error: new Error('Worker failed to load. Check that the worker URL is correct.'),
      }),
    ).toMatchObject({ type: 'map.errored', reason: 'worker-failed' });
    expect(
      classifyMapError({ error: new Error('layers[0].type: expected one of [fill, line]') }),
    ).toMatchObject({ type: 'map.errored', reason: 'style-invalid' });
  });

  it('tells a source that failed as a whole (its TileJSON) from one of its tiles', () => {
    const error = Object.assign(new Error('Internal Server Error'), { status: 500 });
    const reloadable = (id: string) => id === 'basemap';
    expect(classifyMapError({ error, sourceId: 'basemap' }, reloadable)).toEqual({
      type: 'map.sourceFailed',
      sourceId: 'basemap',
      status: 500,
      retryable: true,
    });
    expect(classifyMapError({ error, sourceId: 'inline' }, reloadable)).toMatchObject({
      type: 'map.sourceFailed',
      retryable: false,
    });
    expect(classifyMapError({ error, sourceId: 'basemap', tile: { tileID } })).toMatchObject({
      type: 'map.tileFailed',
    });
  });
});
