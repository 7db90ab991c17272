import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { insertShow } from "./shows.test-support";

const TOKEN = "scrape-token-for-spelling-tests-0123";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, READ_CACHE_TTL_MS: "60000" } });
});
afterAll(() => app?.close());

/** The id with the letters picked by the bits of `n` in upper case. */
function spelling(id: string, n: number): string {
  let bit = 0;
  return id.replace(/[a-f]/g, (letter) => ((n >> bit++) & 1 ? letter.toUpperCase() : letter));
}

async function metrics(): Promise<string> {
  return (await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200)).text;
}

describe("a show's id in its path", () => {
  it("has one spelling: every case of it shares one cached copy and one metrics series", async () => {
    const show = await insertShow(app.db);
    const canonical = `/api/shows/${show.id}`;
    // Until this instance listens for changes (from its first cached read) nothing is kept.
    const before = app.fastAnswers();
    for (let i = 0; i < 100 && app.fastAnswers() === before; i++) {
      await app.agent().get(canonical).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(app.fastAnswers()).toBeGreaterThan(before);
    const missesBefore = /^label_cache_misses_total\{cache="show"\} (\d+)$/m.exec(await metrics())?.[1];

    // A random id has about twelve letters; one with few has fewer spellings than 64.
    const letters = show.id.replace(/[^a-f]/g, "").length;
    const count = Math.min(64, 2 ** letters - 1);
    const spellings = Array.from({ length: count }, (_, n) => spelling(show.id, n + 1));
    expect(new Set(spellings).size).toBe(count);
    for (const path of spellings.map((id) => `/api/shows/${id}`)) {
      for (let i = 0; i < 2; i++) expect((await app.agent().get(path).expect(200)).body.id).toBe(show.id);
    }

    const text = await metrics();
    // No new copy was read from the database for another spelling.
    expect(/^label_cache_misses_total\{cache="show"\} (\d+)$/m.exec(text)?.[1]).toBe(missesBefore);
    const series = text.split("\n").filter((line) => line.startsWith("label_http_requests_total{"));
    expect(series.filter((line) => line.toLowerCase().includes(show.id))).toEqual([]);
    const byRoute = series.filter((line) => line.includes('route="/api/shows/:id"'));
    expect(byRoute).toHaveLength(1);
    expect(Number(byRoute[0].split(" ").at(-1))).toBeGreaterThanOrEqual(128);
  });
});
