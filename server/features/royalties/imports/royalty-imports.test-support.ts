import fs from "node:fs";
import path from "node:path";
import { releases, tracks } from "@shared/royalties.table";
import type { Agent, TestApp } from "../../../test/app-harness";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** A sample report from fixtures/ (distrokid.tsv, cdbaby.tsv, tunecore.csv). */
export function sampleReport(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** A release with its tracks, as the catalogue feature keeps them. */
export async function insertRelease(
  app: Pick<TestApp, "db">,
  values: { upc: string; title?: string; tracks?: { isrc: string; title?: string }[] },
) {
  const [release] = await app.db
    .insert(releases)
    .values({ title: values.title ?? "First Light", artist: "Sample Artist", upc: values.upc })
    .returning();
  const rows = values.tracks?.length
    ? await app.db
        .insert(tracks)
        .values(
          values.tracks.map((t, position) => ({
            releaseId: release.id,
            isrc: t.isrc,
            title: t.title ?? `Track ${position + 1}`,
            position,
          })),
        )
        .returning()
    : [];
  return { release, tracks: rows };
}

/** POST /api/royalty-imports as the browser sends it: `rates` first (unless `ratesAfter`), then the file. */
export function uploadReport(
  agent: Agent,
  file: Buffer | string,
  options: { name?: string; rates?: Record<string, string>; ratesAfter?: boolean } = {},
) {
  let pending = agent.post("/api/royalty-imports");
  const rates = options.rates ? JSON.stringify(options.rates) : undefined;
  if (rates && !options.ratesAfter) pending = pending.field("rates", rates);
  pending = pending.attach("file", Buffer.from(file), options.name ?? "report.tsv");
  if (rates && options.ratesAfter) pending = pending.field("rates", rates);
  return pending;
}

/** A multipart body by hand (the contract harness sends raw bodies): the parts in the order given. */
export function multipartBody(parts: { name: string; value: string; fileName?: string }[]) {
  const boundary = `----royalty${Date.now()}`;
  const body =
    parts
      .map(
        (p) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
          (p.fileName ? `; filename="${p.fileName}"\r\nContent-Type: text/plain` : "") +
          `\r\n\r\n${p.value}\r\n`,
      )
      .join("") + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
