/**
 * The ceiling the bench's targets are measured against: the same server (createApp with every
 * middleware: logging, security headers, compression, rate limits, the session check) answering
 * fixed in-memory JSON of the same bytes where each route would do its own work. Members'
 * routes keep their requireUser guard, so the ratio is what the route's own work costs.
 * Started by run.ts with the real server's environment (same database and session secret, so
 * the same cookies work). Usage: tsx same-server-ceiling.ts <payloads.json>
 */
import fs from "node:fs";
import http from "node:http";
import type { RequestHandler } from "express";
import { createApp } from "../../server/app";
import { requireUser } from "../../server/auth/guards";
import { loadConfig } from "../../server/config";
import { connectDatabase } from "../../server/db/database";
import { createLogger } from "../../server/lib/logger";
import { loadLocalSecrets } from "../../server/lib/secrets";

export interface CeilingPayload {
  method: "GET" | "POST";
  path: string;
  status: number;
  body: string;
  member?: boolean;
}

const payloads = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as CeilingPayload[];
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = connectDatabase(config.databaseUrl!, logger);
const { app } = createApp(
  { config, db: database.db, pool: database.pool, logger, secrets: loadLocalSecrets(config.dataDir) },
  {
    mountFeatures: (router) => {
      for (const { method, path, status, body, member } of payloads) {
        const answer: RequestHandler = (_req, res) => void res.status(status).type("application/json").send(body);
        const handlers = member ? [requireUser, answer] : [answer];
        if (method === "GET") router.get(path, ...handlers);
        else router.post(path, ...handlers);
      }
    },
  },
);
http.createServer(app).listen(config.port, config.host);
