import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

export interface LocalSecrets {
  sessionSecret: string;
  embeddedDbPassword: string;
  builtinClientSecret: string;
  oidcCookieKey: string;
  oidcSigningKey: crypto.JsonWebKey;
}

export function generateLocalSecrets(): LocalSecrets {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    sessionSecret: crypto.randomBytes(48).toString("base64url"),
    embeddedDbPassword: crypto.randomBytes(24).toString("base64url"),
    builtinClientSecret: crypto.randomBytes(32).toString("base64url"),
    oidcCookieKey: crypto.randomBytes(32).toString("base64url"),
    oidcSigningKey: privateKey.export({ format: "jwk" }),
  };
}

/**
 * Secrets a single machine may generate for itself, kept in DATA_DIR/secrets.json (mode 600)
 * so that restarts keep sessions, the embedded database password and sign-in keys. Values
 * added in later versions are filled in without replacing the existing ones.
 */
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  let existing: Partial<LocalSecrets> = {};
  if (fs.existsSync(file)) existing = JSON.parse(fs.readFileSync(file, "utf8"));
  const expected = ["sessionSecret", "embeddedDbPassword", "builtinClientSecret", "oidcCookieKey", "oidcSigningKey"];
  // A key an older version kept here is left in the file and ignored: upload addresses are
  // signed with a key derived from the session secret, which every instance shares.
  // Generating an RSA key takes a while: only when something is missing.
  if (expected.every((key) => key in existing)) return existing as LocalSecrets;
  const fresh = generateLocalSecrets();
  const merged = { ...fresh, ...existing } as LocalSecrets;
  if (Object.keys(existing).length !== Object.keys(merged).length) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(merged, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return merged;
}
