import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useSelector } from '@xstate/react';
import { formatLngLat } from '../../geo/formatLngLat';
import { parseLngLat } from '../../geo/parseLngLat';
import { noFartherOut } from '../../machines/placeZoom';
import { regionOf, searchPlaces, type Place } from '../../places/placeIndex';
import { useCamera, useSelection, useStorage, useTools } from '../ChartroomContext';
import { isComposing } from '../composing';
import { dismissing } from '../focusHandOff';
import { useNarrow } from '../sheet/useNarrow';
import { isTextField } from '../textField';
import { formatPopulation, placeWhere } from './placeFormat';
import type { PlaceIndexState } from './usePlaceIndex';

export const SEARCH_LIMIT = 10;

/** A suggestion: a place, or, for a typed position, going there or a pin there. */
type Suggestion =
  /** `region`: a US place's state (regionOf). */
  | { kind: 'place'; place: Place; region: string }
  | { kind: 'goTo' | 'addPin'; lng: number; lat: number };

const keyOf = (item: Suggestion) => (item.kind === 'place' ? item.place.id : item.kind);

/**
 * The placeholder on a narrow screen: whole in a 320 px phone's box, and without the `/` key's
 * hint, which a phone has no key for.
 */
const NARROW_PLACEHOLDER = 'Find a place or position';

/**
 * `Search places`: prefix search over every place, ignoring case and diacritics. A position typed
 * in ("38.7223, -9.1393", "38°43′20″N 9°8′21″W": src/geo/parseLngLat.ts) is offered first, to go
 * to or to put a pin at; it needs no place index, so it works while the places load or if they
 * failed.
 */
export function SearchBox(props: { places: PlaceIndexState; onWanted: () => void }) {
  const { places, onWanted } = props;
  const selection = useSelection();
  const camera = useCamera();
  const tools = useTools();
  const readOnly = useSelector(useStorage(), (s) => s.hasTag('readOnly'));
  const narrow = useNarrow();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** Enter pressed while the places were loading: the first suggestion is chosen once they come. */
  const [enterWaiting, setEnterWaiting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The pointer that pressed a suggestion last: a mouse, unless a finger or a pen did. */
  const tappedWith = useRef('mouse');
  const listId = useId();

  const results = useMemo(
    () => (places.status === 'ready' ? searchPlaces(places.index, query, SEARCH_LIMIT) : []),
    [places, query],
  );
  const typed = useMemo(() => parseLngLat(query), [query]);
  const suggestions = useMemo((): Suggestion[] => {
    const atPosition: Suggestion[] =
      typed?.kind === 'position'
        ? [
            { kind: 'goTo', lng: typed.lng, lat: typed.lat },
            ...(readOnly ? [] : [{ kind: 'addPin' as const, lng: typed.lng, lat: typed.lat }]),
          ]
        : [];
    const index = places.status === 'ready' ? places.index : null;
    return [
      ...atPosition,
      ...results.map((place) => ({
        kind: 'place' as const,
        place,
        region: index ? regionOf(index, place.id) : '',
      })),
    ];
  }, [typed, readOnly, results, places]);
  const expanded = open && suggestions.length > 0;
  // Read as a position the map cannot show: why, rather than "No places found".
  const unusable = open && typed?.kind === 'unusable' ? typed.reason : null;
  const nothingFound =
    open && places.status === 'ready' && query.trim() !== '' && suggestions.length === 0;
  // Typed before the places have come: said, and the suggestions follow once they are in.
  const stillLoading =
    open && places.status === 'loading' && query.trim() !== '' && typed?.kind !== 'position';

  // `/` anywhere outside a text field focuses the search box, its text selected: what is typed
  // next is a new search, not added to the name of the place chosen last.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextField(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The highlighted suggestion is kept in view as the arrow keys move it: the list scrolls, in
  // what the on-screen keyboard leaves of it on a phone.
  useLayoutEffect(() => {
    if (expanded) list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active, expanded]);

  const choose = (place: Place, byKeyboard: boolean) => {
    selection.send({ type: 'place.chosen', place, origin: 'search', byKeyboard });
    setQuery(place.name);
    setOpen(false);
  };

  /** A typed position: the camera goes there (no farther out than a place is shown). */
  const flyTo = (lng: number, lat: number) => {
    const { zoom } = camera.getSnapshot().context.camera;
    camera.send({
      type: 'camera.flyRequested',
      target: { center: { lng, lat }, zoom: noFartherOut(zoom), bearing: 0, pitch: 0 },
      reason: 'place',
    });
  };

  const chooseSuggestion = (item: Suggestion, byKeyboard: boolean) => {
    if (item.kind === 'place') {
      choose(item.place, byKeyboard);
      return;
    }
    setOpen(false);
    flyTo(item.lng, item.lat);
    if (item.kind === 'goTo') {
      // Somewhere else now: the popup or editor of what was selected closes, as it does when
      // a place is chosen.
      selection.send({ type: 'popup.closed' });
      selection.send({ type: 'editor.closed' });
      setQuery(formatLngLat(item.lng, item.lat));
    } else {
      // The new pin is selected, its editor open with Name focused (the tools machine).
      tools.send({
        type: 'tool.pinRequested',
        lng: item.lng,
        lat: item.lat,
        t: Date.now(),
        byKeyboard,
      });
      setQuery('');
    }
  };

  // The places came after an Enter that waited for them (the query unchanged, the box still
  // focused): that Enter chooses the first suggestion, as it would have with them there.
  const first = results[0];
  const chooseRef = useRef(choose);
  useLayoutEffect(() => {
    chooseRef.current = choose;
  });
  useEffect(() => {
    if (!enterWaiting || places.status === 'loading') return;
    // Once, when the download the Enter waited for ends (the index is not React state to derive
    // from while it loads).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEnterWaiting(false);
    if (first) chooseRef.current(first, true);
  }, [enterWaiting, places.status, first]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The input method's keys: Enter commits the text typed, Escape cancels its conversion.
    if (isComposing(event.nativeEvent)) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!expanded) {
        // Opened again (after Escape, say): from the first suggestion, or Up's last.
        setOpen(true);
        setActive(down ? 0 : Math.max(suggestions.length - 1, 0));
        return;
      }
      const step = down ? 1 : -1;
      const count = suggestions.length;
      setActive((i) => (count === 0 ? 0 : (i + step + count) % count));
    } else if (event.key === 'Enter') {
      const item = expanded ? suggestions[active] : undefined;
      if (item) {
        event.preventDefault();
        chooseSuggestion(item, true);
      } else if (stillLoading) {
        event.preventDefault();
        setEnterWaiting(true);
      }
    } else if (event.key === 'Escape' && (expanded || query !== '')) {
      // Closes the suggestions (or clears the box) rather than the popup.
      event.preventDefault();
      setEnterWaiting(false);
      if (expanded) setOpen(false);
      else setQuery('');
    }
  };

  return (
    <div className="search">
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search places"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        placeholder={
          places.status === 'failed'
            ? 'Places unavailable'
            : narrow
              ? NARROW_PLACEHOLDER
              : 'Search places or a position  ( / )'
        }
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={onWanted}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          setEnterWaiting(false);
        }}
        onBlur={() => {
          setOpen(false);
          setEnterWaiting(false);
        }}
        onKeyDown={onKeyDown}
      />
      <ul ref={list} role="listbox" id={listId} aria-label="Suggestions" hidden={!expanded}>
        {expanded &&
          suggestions.map((item, i) => (
            <li
              key={keyOf(item)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onPointerDown={(event) => {
                tappedWith.current = event.pointerType;
              }}
              onClick={() => {
                chooseSuggestion(item, false);
                // Tapped on a touch screen: the on-screen keyboard goes, rather than stay over the
                // place's card or the map gone to (Add pin at gives the new pin's Name the focus,
                // and its keyboard). A mouse leaves the focus here, to search again at once.
                if (tappedWith.current !== 'mouse' && item.kind !== 'addPin') input.current?.blur();
                tappedWith.current = 'mouse';
              }}
            >
              {item.kind === 'place' ? (
                <>
                  <span className="name">{item.place.name}</span>{' '}
                  {/* A US place's state and the population tell apart places of the same name
                      in the same country. */}
                  <span className="country">
                    {placeWhere(item.place.country, item.region)} ·{' '}
                    {formatPopulation(item.place.population)}
                  </span>
                </>
              ) : (
                <span className="name">
                  {item.kind === 'goTo' ? 'Go to ' : 'Add pin at '}
                  {formatLngLat(item.lng, item.lat)}
                </span>
              )}
            </li>
          ))}
      </ul>
      {/* Always there, so that screen readers announce the text when it appears (a live region,
          not role="status", which the page keeps for its loading state). */}
      <p className="places-note" aria-live="polite">
        {unusable
          ? unusable
          : nothingFound
            ? 'No places found.'
            : stillLoading
              ? enterWaiting
                ? 'Loading places… the first match follows.'
                : 'Loading places…'
              : ''}
      </p>
      {/* How many suggestions there are, for a screen reader, which does not see the list open. */}
      <p className="visually-hidden" aria-live="polite">
        {expanded
          ? typed?.kind === 'position'
            ? `Read as the position ${formatLngLat(typed.lng, typed.lat)}: ↑ and ↓ to choose, Enter to go there.`
            : `${results.length === 1 ? '1 place' : `${results.length} places`} found: ↑ and ↓ to choose, Enter to open.`
          : ''}
      </p>
      {places.status === 'failed' && (
        <p className="places-error" role="alert">
          The places could not be loaded.{' '}
          {/* Retry takes the alert away: the keyboard goes on in the search box, and what was
              typed there is searched for again, its suggestions shown once the places come.
              (The handler is made at the click: the ref is read then, not while rendering.) */}
          <button
            type="button"
            onClick={(event) =>
              dismissing(places.retry, () => {
                input.current?.focus();
                setOpen(true);
              })(event)
            }
          >
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
