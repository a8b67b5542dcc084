/**
 * From this zoom the places are drawn at the index's exact positions, once it has loaded. The
 * tiles stop at zoom 7 and hold 4,096 steps across a tile: drawn from them, a dot lies up to 2 px
 * off at zoom 12, 32 px at zoom 16 and 128 px at zoom 18, off its popup and where a click finds it.
 * (A module of its own: the app's React side needs the number, not the layers.)
 */
export const EXACT_ZOOM = 12;
