import type { SQL } from "drizzle-orm";
import type { Executor } from "../../db/database";

/** A raw query's rows as the type its column aliases spell. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as unknown as T[];
}
