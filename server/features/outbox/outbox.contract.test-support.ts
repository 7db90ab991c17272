import crypto from "node:crypto";
import { expect } from "vitest";
import type { outboxContract } from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

async function insertMessage(app: TestApp, values: Partial<typeof outboxMessages.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(outboxMessages)
    .values({
      template: "no-such",
      params: {},
      recipient: "rosa@contract.test",
      subject: "Your vendor booking",
      aboutType: "t",
      aboutId: "t",
      // Waiting for later, so no worker takes it.
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      ...values,
    })
    .returning();
  return row;
}

/** Each outbox route's answers, for server/contract.test.ts. */
export const outboxCases: ContractCases<typeof outboxContract> = {
  async list({ app, send }) {
    await insertMessage(app, { status: "sent", sentAt: new Date() });
    expect((await send("admin", {}, 200)).body).not.toEqual([]);
    await send("admin", { query: { status: "sent", q: "ROSA" } }, 200);
    await send("admin", { query: { status: "lost" } }, 400);
  },
  async status({ send }) {
    expect((await send("admin", {}, 200)).body).toHaveProperty("smtpConfigured");
  },
  async detail({ app, send }) {
    const row = await insertMessage(app, {
      html: '<p>Hi <img src="cid:logo"></p>',
      text: "Hi",
      attachments: [{ filename: "logo.png", contentType: "image/png", content: "iVBORw0KGgo=", cid: "logo" }],
    });
    const answer = await send("admin", { params: { id: row.id } }, 200);
    expect(answer.body).toMatchObject({ attachments: [{ index: 0, inline: true }] });
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
  async resend({ app, send }) {
    const failed = await insertMessage(app, { status: "failed", lastError: "boom" });
    expect((await send("admin", { params: { id: failed.id } }, 202)).body).toMatchObject({ status: "queued" });
    await send("admin", { params: { id: failed.id } }, 409);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
};
