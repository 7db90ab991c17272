/** The catalogue and the payees are thousands of rows: a list shows the newest, a search narrows it. */
export const LIST_LIMIT = 200;

/** `value` as an ILIKE "contains" pattern, its own % and _ taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What was typed, as the words a search matches each of (any order): "night  DRIVE" → ["night", "DRIVE"]. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter((word) => word.length > 0);
}
