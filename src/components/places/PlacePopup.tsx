import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import type { PlaceSummary } from '../../machines/events';
import { placeById, regionOf } from '../../places/placeIndex';
import { useChartroom, useLifecycle, useSelection } from '../ChartroomContext';
import { isComposing } from '../composing';
import { isOnNothing } from '../focusHandOff';
import { ROVING_LIST, focusRovingStop } from '../useRovingFocus';
import {
  countryName,
  formatCoordinates,
  formatPopulation,
  stateName,
  warmPlaceFormats,
} from './placeFormat';
import { usePlaces } from './PlaceIndexContext';
import { showSelection, useSheetCard } from '../sheet/BottomSheet';

/**
 * The selected place's popup: React content in MapLibre's popup, which keeps it anchored to the
 * place as the map moves; on a narrow screen, the bottom sheet's card. It is open exactly while
 * the selection machine has a place selected.
 */
export function PlacePopup() {
  const selection = useSelection();
  const { owner } = useChartroom();
  const selected = useSelector(selection, (s) => s.context.selected);
  const { places } = usePlaces();
  // A place clicked on the map carries its tile position, snapped to the tile grid; the index
  // has the exact one.
  const place = useMemo(
    () =>
      (selected && places.status === 'ready' ? placeById(places.index, selected.id) : undefined) ??
      selected,
    [selected, places],
  );
  const byKeyboard = useSelector(selection, (s) => s.context.byKeyboard);
  const mapReady = useSelector(useLifecycle(), (s) => s.matches('ready'));
  useEffect(() => (mapReady ? warmPlaceFormats() : undefined), [mapReady]);
  // React renders into this element; MapLibre's popup holds it while a place is selected.
  const [host] = useState(() => document.createElement('div'));
  const card = useSheetCard();

  // Opened once per selected place: a new object for the same place (the index arriving with its
  // exact position, a re-render) only moves the popup, and never takes the focus again.
  const placeId = place?.id ?? null;
  const lng = place?.lng;
  const lat = place?.lat;
  const at = useRef<[number, number] | null>(null);
  // Closed from inside the popup (its Close button, or Escape with the focus in it) and with no
  // element to go back to (it was opened with the pointer), the focus goes to the map, so the
  // arrow keys pan again. Noted here: by the time it closes, the button is gone, and a click
  // focuses a button in some browsers only.
  const closedFromInside = useRef(false);
  const close = useCallback(
    (fromInside: boolean) => {
      closedFromInside.current = fromInside;
      selection.send({ type: 'popup.closed' });
    },
    [selection],
  );
  // Before the effect that opens the popup: effects run in order, so it opens where the place is.
  useEffect(() => {
    at.current = lng === undefined || lat === undefined ? null : [lng, lat];
    if (at.current && !card) owner.movePopup(...at.current);
  }, [owner, lng, lat, card]);
  useEffect(() => {
    if (placeId === null || !at.current) return;
    const shown = showSelection(owner, host, card, at.current);
    // Opened from the keyboard, focus moves into the popup, and goes back where it was on close.
    // In the sheet's card, opened from the list by a tap too: the sheet gives the list back as
    // the card closes, over the map, so the focus goes back to the item rather than to the
    // covered map. (Only an item of the list: WebKit does not focus a button it taps.)
    const active = document.activeElement;
    const tappedItem =
      card &&
      selection.getSnapshot().context.origin === 'list' &&
      active?.closest(`[${ROVING_LIST}]`);
    const previous = byKeyboard || tappedItem ? active : null;
    const list = previous?.closest<HTMLElement>(`[${ROVING_LIST}]`);
    if (byKeyboard) host.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      shown.hide();
      // Only where the focus went with the popup: a click on the map that closed it keeps the
      // focus on the map (its keys pan and zoom), and a choice in a list keeps it on the list.
      // Back to the item it came from; where the list no longer shows it, to the list.
      const lost = isOnNothing(document.activeElement);
      if (lost && previous instanceof HTMLElement && previous.isConnected) previous.focus();
      else if (lost && list?.isConnected) focusRovingStop(list);
      else if (lost && closedFromInside.current) owner.focusMap();
      closedFromInside.current = false;
    };
  }, [owner, placeId, host, byKeyboard, card, selection]);

  useEffect(() => {
    if (placeId === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !isComposing(event))
        close(host.contains(document.activeElement));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [placeId, close, host]);

  if (!place) return null;
  const state =
    places.status === 'ready'
      ? stateName(place.country, regionOf(places.index, place.id))
      : undefined;
  return createPortal(
    <PopupContent place={place} state={state} onClose={() => close(true)} />,
    host,
  );
}

function PopupContent(props: {
  place: PlaceSummary;
  /** A US place's state, once the index is in. */
  state: string | undefined;
  onClose: () => void;
}) {
  const { place, state, onClose } = props;
  const titleId = useId();
  return (
    // Focusable, so that a click on its text keeps the focus in it (not the page's body): Escape
    // then closes it from inside, and the keyboard goes back to the map.
    <div role="dialog" aria-labelledby={titleId} className="place-popup" tabIndex={-1}>
      <h2 id={titleId} dir="auto">
        {place.name}
      </h2>
      <dl>
        <dt>Country</dt>
        <dd>{countryName(place.country)}</dd>
        {state && (
          <>
            <dt>State</dt>
            <dd>{state}</dd>
          </>
        )}
        <dt>Population</dt>
        <dd>{formatPopulation(place.population)}</dd>
        <dt>Coordinates</dt>
        <dd>{formatCoordinates(place)}</dd>
      </dl>
      <button type="button" data-autofocus onClick={onClose}>
        Close
      </button>
    </div>
  );
}
