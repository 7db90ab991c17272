import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app-harness";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DOCUMENT_RATE_LIMIT: "2" } });
});
afterAll(() => app?.close());

// A zip streams a whole release: a costly answer, counted per address like a PDF.
describe("zip downloads", () => {
  it("are limited per address before any work", async () => {
    const visitor = app.agent();
    const zip = "/api/downloads/aaaaaaaaaaaaaaaaaaaaaaaa/flac.zip";
    await visitor.get(zip).expect(404);
    await visitor.get(zip).expect(404);
    const refused = await visitor.get(zip).expect(429);
    expect(refused.body.message).toMatch(/Too many document downloads/);
  });
});
