import type pg from "pg";

export interface QueueFigures {
  queue: string;
  /** Jobs due and not yet taken by a worker. */
  depth: number;
  /** Seconds since the oldest of those was created; 0 when there is none. */
  oldestSeconds: number;
}

/** Read straight from pg-boss's tables (schema `pgboss`, jobs/job-runner.ts): one query per scrape. */
export function createMetricsRepository(pool: pg.Pool) {
  return {
    async queues(): Promise<QueueFigures[]> {
      const { rows } = await pool.query<QueueFigures>(
        `select q.name as queue, count(j.id)::int as depth,
                coalesce(extract(epoch from now() - min(j.created_on)), 0)::float8 as "oldestSeconds"
           from pgboss.queue q
           left join pgboss.job j on j.name = q.name and j.state < 'active' and j.start_after <= now()
          group by q.name`,
      );
      return rows;
    },
  };
}
