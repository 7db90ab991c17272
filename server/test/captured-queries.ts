import type pg from "pg";

/** The SQL text of every statement `work` sends through `pool`, in order. */
export async function capturedQueries(pool: pg.Pool, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = pool.query.bind(pool);
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "");
    statements.push(text);
    return (original as (...a: unknown[]) => unknown)(...args);
  };
  try {
    await work();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return statements;
}
