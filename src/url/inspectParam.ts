/** Whether the page's query asks for the Stately inspector: `?inspect` (any value but 0/false). */
export function wantsInspector(search: string): boolean {
  const value = new URLSearchParams(search).get('inspect');
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}
