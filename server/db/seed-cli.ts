// `npm run db:seed`: adds the demo content to an empty database (the same database the server
// would use: DATABASE_URL, or the embedded one in DATA_DIR), whatever SEED_DEMO says.
import { loadConfig } from "../config";
import { createLogger } from "../lib/logger";
import { loadLocalSecrets } from "../lib/secrets";
import { openDatabase } from "./bootstrap";
import { seedDemo } from "./seed";

const config = loadConfig();
const logger = createLogger(config.logLevel === "silent" ? "silent" : "warn");
const database = await openDatabase(config, loadLocalSecrets(config.dataDir), logger);
try {
  const seeded = await seedDemo(database.db);
  console.log(seeded ? "Added the demo content." : "The database already has content or users: nothing was added.");
} finally {
  await database.close();
}
