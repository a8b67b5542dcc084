export const PAGES_STORE: 'pages';
export const PAGE_COUNT: number;
export const PAGE_VERSION: number;
export function pageOf(id: string): number;
export function intoPages<T extends { id: string }>(
  records: readonly T[],
): [number, { v: number; records: Map<string, T> }][];
