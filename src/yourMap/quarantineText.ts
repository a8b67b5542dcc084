import type { QuarantinedRecord } from './events';

const counted = (count: number, one: string, many: string, first: boolean): string =>
  count === 1 ? `${first ? 'One' : 'one'} ${one}` : `${count} ${many}`;

/**
 * What the Your map panel says of what storage kept aside, or null where it kept nothing. A page
 * that could not be read is counted as a page: how many records it held is not known.
 */
export function quarantineText(quarantined: readonly QuarantinedRecord[]): string | null {
  if (quarantined.length === 0) return null;
  const pages = quarantined.filter((each) => each.page).length;
  const records = quarantined.length - pages;
  const parts: string[] = [];
  if (records > 0) parts.push(counted(records, 'saved record', 'saved records', true));
  if (pages > 0)
    parts.push(
      counted(pages, 'page of saved records', 'pages of saved records', parts.length === 0),
    );
  const kept = quarantined.length === 1 ? 'It is' : 'They are';
  return `${parts.join(' and ')} could not be read. ${kept} kept aside, unchanged, and included in the export.`;
}
