/**
 * The ticket quantity is at least 1 and at most the tickets available;
 * input that is not a number falls back to 1.
 */
export function parseTicketQuantity(input: string, available: number): number {
  const parsed = Number.parseInt(input, 10);
  if (Number.isNaN(parsed)) return 1;
  return Math.max(1, Math.min(Math.max(available, 1), parsed));
}
