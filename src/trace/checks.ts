/**
 * Small runtime checks for JSON read from a file. Each returns null when the value fits, or a
 * message that names the offending field by its path, such as `events[3].event.camera.zoom`.
 */
export type Check = (value: unknown, path: string) => string | null;

const describe = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a ${typeof value}`;
};

const fail = (path: string, expected: string, value: unknown) =>
  `${path}: expected ${expected}, got ${describe(value)}`;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const finiteNumber: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? null : fail(path, 'a finite number', value);

export const string: Check = (value, path) =>
  typeof value === 'string' ? null : fail(path, 'a string', value);

export const boolean: Check = (value, path) =>
  typeof value === 'boolean' ? null : fail(path, 'true or false', value);

export const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (value, path) =>
    allowed.includes(value)
      ? null
      : fail(path, `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, value);

export const nullable =
  (check: Check): Check =>
  (value, path) =>
    value === null ? null : check(value, path);

export const arrayOf =
  (check: Check, length?: number): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'an array', value);
    if (length !== undefined && value.length !== length) {
      return `${path}: expected ${length} items, got ${value.length}`;
    }
    for (const [i, item] of value.entries()) {
      const problem = check(item, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  };

/** An object with exactly these fields (extra fields are allowed and ignored). */
export const object =
  (fields: Record<string, Check>): Check =>
  (value, path) => {
    if (!isRecord(value)) return fail(path, 'an object', value);
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(value[key], `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  };

/** An XState state value: a state's name, or an object of child state values. */
export const stateValue: Check = (value, path) => {
  if (typeof value === 'string') return null;
  if (!isRecord(value) || Object.keys(value).length === 0) {
    return fail(path, 'a state value (a name or an object of them)', value);
  }
  for (const [key, child] of Object.entries(value)) {
    const problem = stateValue(child, `${path}.${key}`);
    if (problem) return problem;
  }
  return null;
};

/** A field that may be absent; present, it passes `check`. */
export const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? null : check(value, path);

/** Every value of a string union; the compiler checks that none is missing. */
export const allOf = <T extends string>(values: Record<T, true>): Check =>
  oneOf(...Object.keys(values));
