import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise.table";
import { serveBuiltClient } from "../../../client-serving";
import { startTestApp, type TestApp } from "../../../test/app-harness";

// The client's page as built: any index.html will do, the status is the server's.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "merch-page-"));
fs.writeFileSync(
  path.join(root, "index.html"),
  "<!doctype html><html><head><title>x</title></head><body></body></html>",
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ mountClient: (express) => serveBuiltClient(express, { required: true, root }) });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the /merch/{id} page", () => {
  it("is a page for an item on sale, and the 404 page for one that is not, is unknown or is no id", async () => {
    const [onSale] = await app.db.insert(merchandise).values({ name: "Tote", price: "12.00" }).returning();
    const [hidden] = await app.db
      .insert(merchandise)
      .values({ name: "Old Tote", price: "12.00", isAvailable: 0 })
      .returning();
    const res = await app.agent().get(`/merch/${onSale.id}`).expect(200);
    expect(res.text).toContain("<!doctype html>");
    await app.agent().get(`/merch/${onSale.id.toUpperCase()}`).expect(200);
    await app.agent().get(`/merch/${hidden.id}`).expect(404);
    await app.agent().get("/merch/00000000-0000-4000-8000-000000000000").expect(404);
    await app.agent().get("/merch/tote").expect(404);
  });
});
