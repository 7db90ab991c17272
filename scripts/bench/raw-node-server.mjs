// The machine's own limit, for the bench's main ratio: a bare node:http server answering the
// same bytes as the real routes (status, JSON body, content type), with no framework, no
// middleware and no database. Whatever a route reaches of this is what the app lets through.
// Usage: node raw-node-server.mjs <port> <payloads.json>
import fs from "node:fs";
import http from "node:http";

const [port, payloadFile] = process.argv.slice(2);
const answers = new Map();
for (const { method, path, status, body } of JSON.parse(fs.readFileSync(payloadFile, "utf8"))) {
  answers.set(`${method} ${path}`, { status, body: Buffer.from(body) });
}
http
  .createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url.split("?")[0]}`);
    // A request body (purchases) is read to its end, as any server must before answering.
    req.resume();
    req.on("end", () => {
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(answer.status, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": answer.body.length,
      });
      res.end(answer.body);
    });
  })
  .listen(Number(port), "127.0.0.1", () => console.log("raw node:http ready"));
