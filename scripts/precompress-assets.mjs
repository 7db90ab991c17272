// Writes Brotli (.br) and gzip (.gz) copies of the built client's hashed assets, so the
// server sends them as they are instead of compressing the same bytes for every visitor
// (server/client-serving.ts). Runs after `vite build`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assetsDir = path.resolve(process.env.DIST_DIR ?? "dist", "public", "assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;
const MIN_BYTES = 1024; // below this the headers outweigh the saving

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
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  before += raw.length;
  after += br.length;
}
console.log(`precompressed ${(before / 1024).toFixed(0)} KB of assets to ${(after / 1024).toFixed(0)} KB (Brotli)`);
