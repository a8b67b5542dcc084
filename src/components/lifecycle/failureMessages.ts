import type { FailureReason } from '../../machines/events';
import { MAX_STYLE_BYTES } from '../../map/styleLoader';

export interface FailureMessage {
  text: string;
  /** Whether trying again can help, so the alert offers `Retry`. */
  retryable: boolean;
}

export const FAILURE_MESSAGES: Record<FailureReason, FailureMessage> = {
  'style-unreachable': {
    text: 'The map style could not be downloaded: the server answered with an error or could not be reached. Check the connection, then try again.',
    retryable: true,
  },
  'style-not-found': {
    text: 'The map style was not found at its address (the server answered “not found”). Check the link, then try again.',
    retryable: true,
  },
  'style-not-json': {
    text: 'The map style is damaged: it is not valid JSON, so the map cannot be drawn.',
    retryable: true,
  },
  'style-not-a-style': {
    text: 'The style link does not lead to a map style (it has no version 8, sources and layers), so the map cannot be drawn.',
    retryable: true,
  },
  'style-too-large': {
    text: `The map style is far too large to be a style (over ${MAX_STYLE_BYTES / 1024 / 1024} MB), so it was not downloaded.`,
    retryable: false,
  },
  'style-invalid': {
    text: 'The map style breaks the MapLibre style rules, so the map cannot be drawn.',
    retryable: true,
  },
  'webgl-unavailable': {
    text: 'This browser cannot draw the map because WebGL is not available. Turn on hardware acceleration or use another browser.',
    retryable: false,
  },
  'worker-failed': {
    text: 'Part of the map program (its worker script) failed to load. Try again, or reload the page.',
    retryable: true,
  },
  'timed-out': {
    text: 'The map is taking too long to load. Check the connection, then try again.',
    retryable: true,
  },
  'context-lost': {
    text: 'The graphics system stopped drawing the map and did not recover. Try again.',
    retryable: true,
  },
};
