import { defineConfig } from "drizzle-kit";

// `generate` needs no database; DATABASE_URL is only read by commands that connect.
export default defineConfig({
  dialect: "postgresql",
  schema: "./shared/schema.ts",
  out: "./migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "" },
});
