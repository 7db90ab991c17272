import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app-harness";
import { createLogger } from "./logger";

const CUSTOMER_EMAIL = "secret.customer@example.test";
const CUSTOMER_NAME = "Forbidden Client Ltd";

let app: TestApp;
const lines: string[] = [];

/** The parts of a pino JSON line (and of the serialized error chain) these tests read. */
type LoggedError = { code?: string; constraint?: string; stack?: string; cause?: LoggedError };
type LogEntry = { msg?: string; req?: { id?: string }; err: LoggedError };

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  app = await startTestApp({ logger: createLogger("info", capture) });
  // A constraint the app knows nothing about, so a real insert fails inside PostgreSQL with the
  // customer's data in the SQL parameters and in the error's detail.
  await app.database.pool.query(
    `alter table invoices add constraint test_no_forbidden_client check (client_name <> '${CUSTOMER_NAME}')`,
  );
});
afterAll(() => app?.close());

describe("the log", () => {
  it("records a failed query with its error code and request id, never its SQL, parameters or the row", async () => {
    const member = await app.signIn("logged@member.test");
    const res = await member
      .post("/api/invoices")
      .send({
        invoiceNumber: "INV-LOG-1",
        issueDate: "2026-11-21T00:00:00.000Z",
        dueDate: "2026-12-21T00:00:00.000Z",
        clientName: CUSTOMER_NAME,
        clientEmail: CUSTOMER_EMAIL,
        clientAddress: "1 Private Road",
        subtotal: "0.00",
        tax: "0.00",
        total: "0.00",
      })
      .expect(500);
    expect(res.body.message).toBe("Something went wrong on our side. Please try again.");

    const everything = lines.join("\n");
    for (const secret of [
      CUSTOMER_EMAIL,
      CUSTOMER_NAME,
      "1 Private Road",
      "INV-LOG-1",
      "insert into",
      "$1",
      "params:",
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as LogEntry);
    const failure = entries.find((entry) => entry.msg === "unhandled error" && entry.req?.id === res.body.requestId);
    expect(failure).toBeDefined();
    const causes = [failure!.err, failure!.err.cause, failure!.err.cause?.cause].filter((cause) => cause !== undefined);
    expect(causes.some((cause) => cause.code === "23514" && cause.constraint === "test_no_forbidden_client")).toBe(
      true,
    );
    expect(failure!.err.stack).toMatch(/^\s+at /);
  });

  it("logs a request's path without its query string", async () => {
    const member = await app.signIn("query@member.test");
    await member.get("/api/development-resources").query({ category: "marketing" }).expect(200);
    const entry = lines
      .map((line) => JSON.parse(line))
      .find((e) => e.req?.url?.startsWith("/api/development-resources"));
    expect(entry.req.url).toBe("/api/development-resources");
  });
});
