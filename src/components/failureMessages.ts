import type { FailureReason } from '../machines/events';

export interface FailureMessage {
  text: string;
  /** Whether trying again can help, so the alert offers `Retry`. */
  retryable: boolean;
}

export const FAILURE_MESSAGES: Record<FailureReason, FailureMessage> = {
  'style-unreachable': {
    text: 'The map style could not be downloaded. Check the connection, then try again.',
    retryable: true,
  },
  'style-invalid': {
    text: 'The map style is damaged or not a MapLibre style, so the map cannot be drawn.',
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
