/** True for PostgreSQL's unique violation on `constraint` (drizzle wraps the pg error). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505" && e.constraint === constraint) return true;
  }
  return false;
}

/**
 * True for a delete refused by the foreign key `constraint`: 23503 (foreign_key_violation) or,
 * for ON DELETE RESTRICT on newer PostgreSQL versions, 23001 (restrict_violation).
 */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if ((e.code === "23503" || e.code === "23001") && e.constraint === constraint) return true;
  }
  return false;
}
