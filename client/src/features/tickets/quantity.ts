/**
 * The ticket quantity is at least 1 and at most `max` (the tickets available, within the per-order cap);
 * input that is not a number falls back to 1.
 */
export function parseTicketQuantity(input: string, max: number): number {
  const parsed = Number.parseInt(input, 10);
  if (Number.isNaN(parsed)) return 1;
  return Math.max(1, Math.min(Math.max(max, 1), parsed));
}
