import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { PLACE_ZOOM } from '../../machines/selectionMachine';
import { byCreated, type FeatureRecord } from '../../yourMap/model';
import { useCamera, useDocument, useSelection, useStorage } from '../ChartroomContext';
import { useExport } from './useExport';
import { useImport } from './useImport';

/** The list shows this many features at most; the filter finds the others. */
export const LIST_LIMIT = 100;

/** The person's own features: a list to find and open them, `Import` and `Export GeoJSON`. */
export function YourMapPanel() {
  const document = useDocument();
  const features = useSelector(document, (s) => s.context.features);
  const quarantined = useSelector(useStorage(), (s) => s.context.quarantined.length);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const { status, importFiles } = useImport();
  const exportGeoJson = useExport();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const all = useMemo(() => Object.values(features).sort(byCreated), [features]);
  const shown = useMemo(() => matching(all, deferredFilter), [all, deferredFilter]);

  // A file dropped anywhere on the map is imported too.
  useEffect(() => {
    const onMap = (event: DragEvent) =>
      event.target instanceof Element &&
      event.target.closest('[role="region"][aria-label="Map"]') !== null &&
      (event.dataTransfer?.types.includes('Files') ?? false);
    const onDragOver = (event: DragEvent) => {
      if (!onMap(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!onMap(event)) return;
      event.preventDefault();
      if (event.dataTransfer?.files) importFiles(event.dataTransfer.files);
    };
    window.document.addEventListener('dragover', onDragOver);
    window.document.addEventListener('drop', onDrop);
    return () => {
      window.document.removeEventListener('dragover', onDragOver);
      window.document.removeEventListener('drop', onDrop);
    };
  }, [importFiles]);

  return (
    <section role="region" aria-labelledby={headingId} className="your-map">
      <h2 id={headingId}>Your map</h2>
      <div className="your-map-actions">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import
        </button>
        <button type="button" onClick={exportGeoJson}>
          Export GeoJSON
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          hidden
          onChange={(event) => {
            if (event.target.files) importFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {status.kind === 'failed' && (
        <p role="alert" className="your-map-message error">
          {status.text}
        </p>
      )}
      <p aria-live="polite" className="your-map-message">
        {status.kind === 'reading'
          ? `Reading ${status.name}…`
          : status.kind === 'done'
            ? status.text
            : ''}
      </p>
      {quarantined > 0 && (
        <p className="your-map-message" role="note">
          {quarantined === 1
            ? 'One saved record could not be read. It is kept aside, unchanged, and included in the export.'
            : `${quarantined} saved records could not be read. They are kept aside, unchanged, and included in the export.`}
        </p>
      )}
      {all.length > LIST_LIMIT && (
        <input
          type="search"
          className="your-map-filter"
          aria-label="Filter your map"
          placeholder="Filter by name"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <FeatureList features={shown.slice(0, LIST_LIMIT)} />
      <p className="your-map-count">
        {all.length === 0
          ? 'Nothing yet: choose Add pin, then click the map.'
          : shown.length > LIST_LIMIT
            ? `Showing ${LIST_LIMIT} of ${shown.length}. Filter to find the others.`
            : `${all.length} ${all.length === 1 ? 'pin' : 'pins'}`}
      </p>
    </section>
  );
}

function FeatureList({ features }: { features: readonly FeatureRecord[] }) {
  const selection = useSelection();
  const camera = useCamera();
  if (features.length === 0) return null;
  return (
    <ul className="your-map-list">
      {features.map((feature) => (
        <li key={feature.id}>
          <button
            type="button"
            dir="auto"
            onClick={(event) => {
              if (feature.geometry.type === 'Point') {
                const [lng, lat] = feature.geometry.coordinates;
                camera.send({
                  type: 'camera.flyRequested',
                  target: { center: { lng, lat }, zoom: PLACE_ZOOM, bearing: 0, pitch: 0 },
                  reason: 'place',
                });
              }
              selection.send({
                type: 'pin.selected',
                id: feature.id,
                origin: 'list',
                // A click has a pointer position; Enter or Space on the button has none.
                byKeyboard: event.detail === 0,
              });
            }}
          >
            {feature.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function matching(features: readonly FeatureRecord[], filter: string): readonly FeatureRecord[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return features;
  return features.filter((feature) => feature.name.toLocaleLowerCase().includes(needle));
}
