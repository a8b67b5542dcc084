import { getIssues, type HintIssue } from '@placemarkio/check-geojson';
import { featureFault, fileFault, type ImportResult } from './importResult';
import { featureAt, featureText, lineAndColumn, repeatedKey } from './jsonText';
import { shapeFault, type ShapeFault } from './validateShape';

/**
 * GeoJSON's structure. A quick check of the parsed file decides (validateShape.ts); where it finds
 * a fault, check-geojson is run on the faulty feature's text alone, so that the message is its
 * own and says where: "Feature 2: it is not valid GeoJSON: this GeoJSON object requires a
 * properties member but it is missing (line 5, column 5)". Where check-geojson sees no fault
 * there (a fault of the collection's), the quick check's own words are used.
 */

type Fault = Extract<ImportResult, { ok: false }>;

const INVALID_JSON = 'Invalid JSON: ';

export function checkStructure(text: string, root: unknown, isCollection: boolean): Fault | null {
  const repeated = repeatedKey(text);
  if (repeated) {
    const { line, column } = lineAndColumn(text, repeated.offset);
    return report(
      isCollection ? featureAt(text, repeated.offset) : 0,
      `an object has the key "${repeated.key}" twice (line ${line}, column ${column}).`,
    );
  }
  const fault = shapeFault(root);
  if (!fault) return null;
  return report(fault.index, locate(text, fault, isCollection) ?? `${fault.message}.`);
}

function report(index: number | null, detail: string): Fault {
  return index === null
    ? fileFault(`The file is not valid GeoJSON: ${detail}`)
    : featureFault(index, `it is not valid GeoJSON: ${detail}`);
}

/** check-geojson's first issue in the faulty feature (or file), with its line and column. */
function locate(text: string, fault: ShapeFault, isCollection: boolean): string | null {
  const part =
    isCollection && fault.index !== null ? featureText(text, fault.index) : { text, offset: 0 };
  if (!part) return null;
  let issues: HintIssue[];
  try {
    issues = getIssues(part.text);
  } catch {
    return null;
  }
  const issue = firstIssue(issues);
  if (!issue) return null;
  const { line, column } = lineAndColumn(text, part.offset + issue.from);
  return `${sentence(issue.message)} (line ${line}, column ${column}).`;
}

/**
 * The first issue in the text. Where check-geojson stopped early it reports its issues as one
 * "Invalid JSON" issue (their JSON) at offset 0: those are unpacked; anything else there is a
 * fault of the checker, and the quick check's words are used instead.
 */
function firstIssue(issues: readonly HintIssue[]): Pick<HintIssue, 'message' | 'from'> | null {
  let first: Pick<HintIssue, 'message' | 'from'> | null = null;
  for (const issue of issues) {
    const unpacked = issue.message.startsWith(INVALID_JSON) ? unpack(issue.message) : [issue];
    for (const each of unpacked) if (!first || each.from < first.from) first = each;
  }
  return first;
}

function unpack(message: string): Array<Pick<HintIssue, 'message' | 'from'>> {
  try {
    const inner: unknown = JSON.parse(message.slice(INVALID_JSON.length));
    if (!Array.isArray(inner)) return [];
    return inner.flatMap((each: unknown) =>
      typeof each === 'object' && each !== null && 'message' in each && 'from' in each
        ? [{ message: String(each.message), from: Number(each.from) || 0 }]
        : [],
    );
  } catch {
    return [];
  }
}

/** check-geojson's sentence, to follow a colon: lower-case start, no closing full stop. */
function sentence(message: string): string {
  const trimmed = message.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(trimmed) ? trimmed[0]?.toLowerCase() + trimmed.slice(1) : trimmed;
}
