// Bare Express, for reference beside the real ceiling (same-server-ceiling.ts): Express 5 with
// only helmet, compression and JSON parsing, answering fixed in-memory JSON of the same bytes
// as the real routes, with no logging, origin check or session check.
// Usage: node ceiling-server.mjs <port> <payloads.json>
import fs from "node:fs";
import express from "express";
import helmet from "helmet";
import compression from "compression";

const [port, payloadFile] = process.argv.slice(2);
const payloads = JSON.parse(fs.readFileSync(payloadFile, "utf8"));
const app = express();
app.disable("x-powered-by");
app.use(helmet());
app.use(compression());
app.use(express.json({ limit: "100kb" }));
for (const { method, path, status, body } of payloads) {
  app[method.toLowerCase()](path, (_req, res) => {
    res.status(status).type("application/json").send(body);
  });
}
app.listen(Number(port), "127.0.0.1", () => console.log("ceiling ready"));
