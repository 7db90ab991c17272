// Writes Brotli (.br) and gzip (.gz) copies of the built client's hashed assets, so the
// server sends them as they are instead of compressing the same bytes for every visitor
// (server/client-serving.ts). Runs after `vite build`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assetsDir = path.resolve(process.env.DIST_DIR ?? "dist", "public", "assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;
// Small chunks too: a page loads many of them, and a `Content-Encoding` header costs less than
// what Brotli saves on a few hundred bytes of minified code. A copy that would not be smaller is
// not written, and the file goes as it is.
const MIN_BYTES = 200;

let before = 0;
let after = 0;
for (const name of fs.readdirSync(assetsDir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assetsDir, name);
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const gz = zlib.gzipSync(raw, { level: 9 });
  if (br.length >= raw.length) continue;
  fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  before += raw.length;
  after += br.length;
}
console.log(`precompressed ${(before / 1024).toFixed(0)} KB of assets to ${(after / 1024).toFixed(0)} KB (Brotli)`);
