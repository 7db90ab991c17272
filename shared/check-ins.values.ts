// The values the check-ins table stores in its enumerated columns. The table and the contract
// both read them from here, so neither imports the other.

export const CHECK_IN_RESULTS = [
  "admitted",
  "already-used",
  "cancelled",
  "wrong-event",
  "event-cancelled",
  "wrong-day",
  "unknown",
] as const;

export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];
