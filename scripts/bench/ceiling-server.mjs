// The framework's ceiling on this machine: Express 5 with the app's own middleware stack
// (helmet, compression, JSON), answering fixed in-memory JSON of the same bytes as the real
// routes. Usage: node ceiling-server.mjs <port> <payloads.json>
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
