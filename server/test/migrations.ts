import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsFolder } from "../db/database";

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface MigrationsCopy {
  folder: string;
  remove(): void;
}

function readJournal(folder: string): { entries: JournalEntry[] } & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
}

/** A folder of migrations in drizzle-kit's layout (SQL files and meta/_journal.json). */
function writeFolder(entries: JournalEntry[], sqlOf: (tag: string) => string): MigrationsCopy {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "label-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = { ...readJournal(migrationsFolder()), entries };
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal, null, 2));
  for (const entry of entries) fs.writeFileSync(path.join(folder, `${entry.tag}.sql`), sqlOf(entry.tag));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** The project's migrations up to and including `lastTag`: a database as an older version left it. */
export function migrationsUpTo(lastTag: string): MigrationsCopy {
  const entries = readJournal(migrationsFolder()).entries;
  const last = entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  return writeFolder(entries.slice(0, last + 1), (tag) =>
    fs.readFileSync(path.join(migrationsFolder(), `${tag}.sql`), "utf8"),
  );
}

/** Migrations written by a test, applied in the order given (statements split by breakpoints). */
export function migrationsOf(migrations: { tag: string; sql: string }[]): MigrationsCopy {
  const base = Date.UTC(2030, 0, 1);
  const entries = migrations.map(({ tag }, idx) => ({
    idx,
    version: "7",
    when: base + idx * 1000,
    tag,
    breakpoints: true,
  }));
  const sqlByTag = new Map(migrations.map((m) => [m.tag, m.sql]));
  return writeFolder(entries, (tag) => sqlByTag.get(tag)!);
}
