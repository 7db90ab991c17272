import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface TlsProxy {
  /** The public https origin, e.g. https://localhost:40123. */
  origin: string;
  /** Where requests are forwarded (set once the app's port is known). */
  setUpstream(port: number): void;
  close(): Promise<void>;
}

/**
 * A small TLS-terminating reverse proxy, as production runs behind one: https on a
 * self-signed certificate made for this run, forwarding to the app over plain http with
 * X-Forwarded-Proto/-For/-Host, from 127.0.0.1 (the app trusts it as TRUST_PROXY=loopback).
 */
export async function startTlsProxy(): Promise<TlsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );

  let upstreamPort = 0;
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    const headers = {
      ...req.headers,
      "x-forwarded-proto": "https",
      "x-forwarded-for": req.socket.remoteAddress ?? "",
      "x-forwarded-host": req.headers.host ?? "",
    };
    const upstream = http.request(
      { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end("upstream unavailable");
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    setUpstream(next) {
      upstreamPort = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
