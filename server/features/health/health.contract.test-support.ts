import { expect } from "vitest";
import type { healthContract } from "@shared/health";
import type { ContractCases } from "../../test/contract-harness";

/** Each health route's answers, for server/contract.test.ts. */
export const healthCases: ContractCases<typeof healthContract> = {
  async health({ app, send }) {
    expect((await send("anonymous", {}, 200)).body).toMatchObject({ status: "ok", database: "up" });
    // The database stops answering the check's own query, and only it.
    const pool = app.database.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query;
    pool.query = (...args: unknown[]) =>
      args[0] === "select 1" ? Promise.reject(new Error("connection refused")) : query.apply(app.database.pool, args);
    try {
      expect((await send("anonymous", {}, 503)).body).toMatchObject({ status: "degraded", database: "down" });
    } finally {
      pool.query = query;
    }
  },
  async config({ send }) {
    expect((await send("anonymous", {}, 200)).body).toHaveProperty("masterCodeEnabled");
  },
};
