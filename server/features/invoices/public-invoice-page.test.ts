import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuiltClient } from "../../client-serving";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { createInvoice, LINK_SIGNING_ENV, signedLink } from "./invoices.test-support";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-page-"));
fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Label Records</title><div id=root></div>");

const ADMIN = "page-admin@x.test";

let app: TestApp;
let owner: Agent;
beforeAll(async () => {
  app = await startTestApp({
    env: { ADMIN_EMAILS: ADMIN, ...LINK_SIGNING_ENV },
    mountClient: (express) => serveBuiltClient(express, { required: true, root }),
  });
  owner = await app.signIn("page-owner@x.test");
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The link the API hands out, or for a draft (which gets none) the one the server would sign. */
async function publicPath(id: string): Promise<string> {
  return ((await owner.get(`/api/invoices/${id}`).expect(200)).body.publicPath as string | null) ?? signedLink(app, id);
}

describe("the /pay/<token> page", () => {
  it("answers 200 with the page for an invoice's link", async () => {
    const link = await publicPath((await createInvoice(owner, { status: "sent" })).id);
    const res = await app.agent().get(link).expect(200);
    expect(res.text).toContain("<div id=root></div>");
  });

  it("answers 404 with the same page for a tampered, forged or unknown link", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const link = await publicPath(invoice.id);
    const [id, signature] = link.replace("/pay/", "").split(".");
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const unknownId = "00000000-0000-4000-8000-000000000000";
    for (const bad of [`/pay/${id}.${flipped}`, `/pay/${unknownId}.${signature}`, "/pay/not-a.token"]) {
      const res = await app.agent().get(bad);
      expect(res.status, bad).toBe(404);
      expect(res.text).toContain("<div id=root></div>");
    }
  });

  it("answers a draft's link as the data call does: 200 for its owner only, 404 for anyone else", async () => {
    const draft = await createInvoice(owner);
    expect(draft.status).toBe("draft");
    const link = await publicPath(draft.id);
    const viewers: [string, Agent, number][] = [
      ["a signed-out visitor", app.agent(), 404],
      ["another member", await app.signIn("page-member@x.test"), 404],
      ["an administrator", await app.signIn(ADMIN), 404],
      ["its owner", owner, 200],
    ];
    for (const [who, viewer, status] of viewers) {
      const data = await viewer.get(`/api/public/invoices/${link.replace("/pay/", "")}`);
      const page = await viewer.get(link);
      expect({ who, data: data.status, page: page.status }).toEqual({ who, data: status, page: status });
      expect(page.text).toContain("<div id=root></div>");
    }
  });

  it("answers 200 to everyone once the draft behind a link is sent", async () => {
    const draft = await createInvoice(owner);
    const link = await publicPath(draft.id);
    await app.agent().get(link).expect(404);
    await owner.post(`/api/invoices/${draft.id}/mark-sent`).expect(200);
    await app.agent().get(link).expect(200);
  });

  it("answers 404 once the invoice behind a valid link is gone", async () => {
    const draft = await createInvoice(owner);
    const link = await publicPath(draft.id);
    await owner.delete(`/api/invoices/${draft.id}`).expect(204);
    await app.agent().get(link).expect(404);
  });
});
