import type { Response } from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { formatSignedMoney } from "@shared/formats";
import type { Agent } from "../../test/app-harness";
import { ADMIN_EMAIL, postWebhook, setUpPaymentsApp } from "../../test/payments";
import { pdfText } from "../../test/pdf-text";
import {
  insertLine,
  insertPayee,
  insertSplit,
  postClose,
  postPeriod,
} from "../royalties/statements/royalty-statements.test-support";
import { cardPurchase, insertReleaseOnSale } from "./store.test-support";

const env = setUpPaymentsApp();
let admin: Agent;
beforeAll(async () => {
  admin = await env.app.signIn(ADMIN_EMAIL);
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

describe("a statement's earned by source", () => {
  it("names the label store beside the distributors, the parts adding up to the earned", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const year = today.slice(0, 4);
    const payee = await insertPayee(env.app, { name: "Lee Park", email: "lee@sources.test" });
    const { release } = await insertReleaseOnSale(env.app);
    await insertSplit(env.app, payee.id, { releaseId: release.id }, "50");
    // A distributor's line: 12.345 EUR at 1.0837 is 13.3782765 USD, 6.68913825 the payee's half.
    await insertLine(env.app, {
      reportedOn: today,
      amount: "12.345",
      currency: "EUR",
      rate: "1.0837",
      releaseId: release.id,
      store: "Apple Music",
    });
    // A store sale of $10.00 with a 59¢ fee, $3.33 of it refunded: 9.41 − 3.13 = 6.28, half 3.14.
    const { purchase, intentId } = await cardPurchase(env.app, env.stripe, release.id, "10.00", { fee: 59 });
    await admin.post(`/api/store/purchases/${purchase.id}/refund`).send({ amount: "3.33" }).expect(202);
    const refunded = env.stripe.eventsOf(intentId).filter((event) => event.type === "charge.refunded");
    await postWebhook(env.app.agent(), refunded[0]).expect(200);

    const periodId = await postPeriod(admin, `${year}-01-01`, `${year}-12-31`);
    await postClose(admin, periodId);

    const payeeAgent = await env.app.signIn("lee@sources.test");
    const [statement] = (await payeeAgent.get("/api/statements/my").expect(200)).body;
    // 9.82913825 earned in all, 9.83 half up: the distributors' 6.689 gets the cent the cuts left.
    expect(statement.earned).toBe("9.83");
    expect(statement.bySource).toEqual([
      { source: "distributor", label: "Distributors", amount: "6.69" },
      { source: "store", label: "Label store", amount: "3.14" },
    ]);

    const pdf = await payeeAgent.get(`/api/statements/${statement.id}/pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain("Earned by source");
    expect(text).toContain(`Distributors${formatSignedMoney("6.69")}`);
    expect(text).toContain(`Label store${formatSignedMoney("3.14")}`);
  });
});
