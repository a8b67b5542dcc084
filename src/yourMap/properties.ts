import { OWN_PROPERTIES } from './model';

/**
 * The other properties a pin keeps from the file it was imported from: checked as an import reads
 * them and as storage loads them, by the same rules, so that nothing an import accepts is set
 * aside on the next load.
 */

/** How deeply a property's value may nest lists and objects. */
export const MAX_PROPERTY_DEPTH = 32;

/**
 * What is wrong with a value as a property's, in words, or null: only what JSON can write (a
 * stored value may be anything the browser's structured cloning keeps: a date, a map, a cycle),
 * nested at most MAX_PROPERTY_DEPTH deep.
 */
export function jsonValueProblem(value: unknown, depth = 0): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'a number is not finite';
  if (typeof value !== 'object') return `${typeof value} is not a JSON value`;
  if (depth >= MAX_PROPERTY_DEPTH)
    return `lists and objects are nested more than ${MAX_PROPERTY_DEPTH} deep`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = i in value ? jsonValueProblem(value[i], depth + 1) : 'a list has a gap';
      if (problem) return problem;
    }
    return null;
  }
  if (!isPlain(value)) return 'an object is not plain data';
  for (const each of Object.values(value)) {
    const problem = jsonValueProblem(each, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What is wrong with a record's `properties`, in words, or null. */
export function propertiesProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isPlain(value))
    return 'properties is not an object';
  for (const [key, each] of Object.entries(value)) {
    if (OWN_PROPERTIES.has(key)) return `properties holds "${key}", which is the record's own`;
    const problem = jsonValueProblem(each, 1);
    if (problem) return `property "${key}": ${problem}`;
  }
  return null;
}
