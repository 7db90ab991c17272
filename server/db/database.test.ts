import { describe, expect, it } from "vitest";
import { captureLogger } from "../test/capture-logger";
import { connectDatabase } from "./database";

describe("the database pool's dropped connections", () => {
  // No connection is opened: the pool only reports what its clients tell it.
  const url = "postgres://nobody@127.0.0.1:1/none";

  it("warns with the error's type and message while the app runs", async () => {
    const { logger, lines } = captureLogger("debug");
    const handle = connectDatabase(url, logger);
    handle.pool.emit("error", new Error("Connection terminated unexpectedly"));
    expect(lines).toMatchObject([
      {
        level: 40,
        msg: "database connection lost",
        err: { type: "Error", message: "Connection terminated unexpectedly" },
      },
    ]);
    await handle.close();
  });

  it("only notes it once the app is stopping", async () => {
    const { logger, lines } = captureLogger("debug");
    const handle = connectDatabase(url, logger);
    handle.beginShutdown();
    handle.pool.emit("error", new Error("terminating connection due to administrator command"));
    expect(lines).toMatchObject([{ level: 20, msg: "database connection closed while stopping" }]);
    await handle.close();
  });
});
