import type pg from "pg";

export interface CapturedStatement {
  text: string;
  /** Set for a statement prepared by name (parsed once per connection). */
  name?: string;
}

/** Every statement `work` sends through `pool`, in order, with its prepared name if any. */
export async function capturedStatements(pool: pg.Pool, work: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const statements: CapturedStatement[] = [];
  const original = pool.query.bind(pool);
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const config = typeof args[0] === "string" ? { text: args[0] } : (args[0] as { text?: string; name?: string });
    statements.push({ text: config.text ?? "", name: config.name });
    return (original as (...a: unknown[]) => unknown)(...args);
  };
  try {
    await work();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return statements;
}

/** The SQL text of every statement `work` sends through `pool`, in order. */
export async function capturedQueries(pool: pg.Pool, work: () => Promise<unknown>): Promise<string[]> {
  return (await capturedStatements(pool, work)).map((statement) => statement.text);
}
