// Lint rules for the whole repository. The architecture rules (which folder may import which)
// are explained in docs/decisions/013-feature-boundaries.md; `boundaryPolicies` below encodes them.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { defineConfig } from "eslint/config";

/**
 * Every source file under the folders in `boundaries/include` belongs to one element: the first
 * folder pattern that matches. A file that matches none is reported by boundaries/no-unknown-files,
 * so a new folder gets a place in these rules before it gets code.
 */
const elements = [
  { type: "client-feature", pattern: "client/src/features/*", capture: ["feature"] },
  { type: "client-shared", pattern: "client/src/{components,lib,hooks}" },
  { type: "client-test-support", pattern: "client/src/test" },
  // What is left of client/src: the app shell (app/), pages/ and main.tsx compose features.
  { type: "client-composition", pattern: "client/src" },
  { type: "server-feature", pattern: "server/features/*", capture: ["feature"] },
  // What is left of server/features: index.ts, the one place that wires features together.
  { type: "server-wiring", pattern: "server/features" },
  { type: "server-shared", pattern: "server/{lib,db,integrations,documents,jobs,auth}" },
  { type: "server-test-support", pattern: "server/test" },
  // What is left of server/: app.ts, index.ts, config.ts, context.ts and the app-wide tests.
  { type: "server-app", pattern: "server" },
  { type: "shared", pattern: "shared" },
  { type: "e2e", pattern: "e2e" },
  { type: "scripts", pattern: "scripts" },
].map((element) => ({ ...element, partialMatch: false }));

/** File categories cut across elements: tests, their shared helpers, the server's context types. */
const files = [
  { category: "test", pattern: "**/*.test.{ts,tsx}" },
  { category: "test-support", pattern: "**/*.test-support.ts" },
  { category: "server-context", pattern: "server/{context,config}.ts" },
];

const CLIENT = ["client-feature", "client-shared", "client-test-support", "client-composition"];
const SERVER = ["server-wiring", "server-feature", "server-shared", "server-test-support", "server-app"];

const element = (...types) => ({ element: { type: types } });
const toElement = (...types) => ({ to: element(...types) });
const fromTests = (type) => ({ element: { type }, file: { categories: ["test", "test-support"] } });

/**
 * Default: disallow. The allow policies list what each element may import; the disallow policies
 * after them name the rules people break most often, each with its own message; the last policy
 * that matches wins. Imports between the files of one element (one feature) are not checked.
 */
const boundaryPolicies = [
  { from: element("shared"), allow: toElement("shared") },
  { from: element("client-shared"), allow: toElement("client-shared", "shared") },
  { from: element("client-feature"), allow: toElement("client-shared", "shared") },
  { from: element("client-composition"), allow: toElement(...CLIENT, "shared") },
  // The test harness renders pages inside the app's providers.
  { from: element("client-test-support"), allow: toElement("client-shared", "client-composition", "shared") },
  // Client tests render the page their feature lives on, inside the app's providers, with the
  // client's test harness (render helpers, Stripe fakes, fixtures).
  { from: fromTests("client-*"), allow: toElement("client-test-support", "client-composition") },
  { from: element("server-shared"), allow: toElement("server-shared", "shared") },
  { from: element("server-feature"), allow: toElement("server-shared", "shared") },
  {
    from: element("server-feature"),
    disallow: toElement("server-app"),
    message:
      "Server feature '{{from.element.captured.feature}}' imports the app ({{dependency.source}}): features use server/lib, db, integrations, documents, jobs, auth, context.ts/config.ts and shared/; the app reaches them through server/features/index.ts (docs/decisions/013-feature-boundaries.md).",
  },
  // ...except the context and config types every layer is handed.
  {
    from: element("server-shared", "server-feature", "server-wiring"),
    allow: { to: { ...element("server-app"), file: { categories: "server-context" } } },
  },
  { from: element("server-wiring"), allow: toElement("server-feature", "server-shared", "shared") },
  { from: element("server-app"), allow: toElement("server-wiring", "server-shared", "shared") },
  { from: element("server-test-support"), allow: toElement(...SERVER, "shared") },
  // Server tests start the app and use its harness (PostgreSQL, SMTP sink, Stripe stand-in).
  { from: fromTests("server-*"), allow: toElement("server-app", "server-wiring", "server-test-support") },
  { from: element("e2e"), allow: toElement("e2e", ...SERVER, "shared") },
  { from: element("scripts"), allow: toElement("scripts", ...SERVER, "shared") },

  {
    from: element("client-feature"),
    disallow: toElement("client-feature"),
    message:
      "Client feature '{{from.element.captured.feature}}' imports feature '{{to.element.captured.feature}}': features never import each other. Compose them in a page (client/src/pages) or move the shared part to components/, lib/ or shared/ (docs/decisions/013-feature-boundaries.md).",
  },
  {
    from: element("client-shared"),
    disallow: toElement("client-feature"),
    message:
      "client/src/components, lib and hooks never import a feature ('{{to.element.captured.feature}}'): pass the feature's behaviour in as props or arguments (docs/decisions/013-feature-boundaries.md).",
  },
  {
    from: element("server-feature"),
    disallow: toElement("server-feature", "server-wiring"),
    message:
      "Server feature '{{from.element.captured.feature}}' imports another feature ({{dependency.source}}): features never import each other; server/features/index.ts passes in what a feature needs (docs/decisions/013-feature-boundaries.md).",
  },
  {
    from: element(...CLIENT),
    disallow: toElement(...SERVER),
    message:
      "Client code never imports server code ({{dependency.source}}); contracts both sides need live in shared/ (docs/decisions/013-feature-boundaries.md).",
  },
  {
    from: element(...SERVER, "e2e", "scripts"),
    disallow: toElement(...CLIENT),
    message:
      "Server code never imports client code ({{dependency.source}}); contracts both sides need live in shared/ (docs/decisions/013-feature-boundaries.md).",
  },
  {
    from: element("shared"),
    disallow: toElement(...CLIENT, ...SERVER),
    message:
      "shared/ is imported by both sides, so it imports neither client/ nor server/ ({{dependency.source}}) (docs/decisions/013-feature-boundaries.md).",
  },

  // Exemption: a server feature's tests may use another feature's *.test-support.ts helpers
  // (e.g. the upload helpers of objects/), which exist to be shared by tests.
  {
    from: fromTests("server-feature"),
    allow: { to: { ...element("server-feature"), file: { categories: "test-support" } } },
  },
  // The contract test (server/contract.test.ts) runs every feature's contract cases, which each
  // feature keeps in its own <feature>.contract.test-support.ts (docs/decisions/027-one-contract-per-route.md).
  {
    from: fromTests("server-app"),
    allow: { to: { ...element("server-feature"), file: { categories: "test-support" } } },
  },
];

const CLIENT_SAFE_MESSAGE =
  "The client and the shared/ modules it imports take no values from drizzle or from the tables (shared/*.table.ts, shared/schema.ts): that would put drizzle in the browser bundle. Write the schema in plain zod in shared/<domain>.ts; row types may come from a table with `import type` (docs/decisions/021-tables-apart-from-contracts.md).";

const API_PATH_MESSAGE =
  "Client code calls the API through its contract (client/src/lib/api-client.ts: apiClient<typeof xContract>(xApi)), never with an '/api/' path written by hand (docs/decisions/027-one-contract-per-route.md).";

export default defineConfig(
  {
    ignores: [
      "dist/**",
      "dist-*/**",
      ".data/**",
      "migrations/**",
      "test-results/**",
      "playwright-report/**",
      "client/public/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Names starting with _ mark a parameter that a signature needs but the body does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["client/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Only says which components React Compiler would skip (react-hook-form's watch()); the
      // client is not built with React Compiler.
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    files: ["client/src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "tsconfig.json" }, node: true },
      "boundaries/elements": elements,
      "boundaries/files": files,
      "boundaries/include": ["client/**", "server/**", "shared/**", "e2e/**", "scripts/**"],
      "boundaries/legacy-templates": false,
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "'{{from.element.type}}' may not import '{{to.element.type}}' ({{dependency.source}}): see the allowed imports in eslint.config.js and docs/decisions/013-feature-boundaries.md.",
          policies: boundaryPolicies,
        },
      ],
      "boundaries/no-unknown-files": "error",
    },
  },
  {
    // No import cycles: a module that needs its own importer is half of one module, and a cycle
    // makes load order decide what is undefined (docs/decisions/043-no-import-cycles.md). Type-only
    // imports vanish at build time and are not counted.
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // One contract per route: no client file writes an API path, and the contracts (zod
    // schemas) reach client code as types only, so no page loads zod to call a route.
    files: ["client/src/**/*.{ts,tsx}"],
    ignores: ["client/src/**/*.test.{ts,tsx}", "client/src/test/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Literal[value=/^\\/api(\\/|$)/]", message: API_PATH_MESSAGE },
        { selector: "TemplateElement[value.raw=/^\\/api(\\/|$)/]", message: API_PATH_MESSAGE },
        {
          selector:
            "ImportDeclaration[importKind='value'] > ImportSpecifier[importKind='value'][imported.name=/Contract$/]",
          message:
            "Import a contract with `import type`: its value holds zod schemas, which would load with the page; the calls need only the zod-free route table (shared/<domain>.api.ts).",
        },
      ],
    },
  },
  {
    // The browser never loads drizzle: tables live in shared/<domain>.table.ts (listed by
    // shared/schema.ts) for the server and drizzle-kit; the rest of shared/ is what the client
    // imports, so it may take row types from a table (`import type`, erased) but no values
    // (docs/decisions/021-tables-apart-from-contracts.md). boundaries/dependencies cannot say
    // this: it does not look at imports inside shared/ or at packages.
    files: ["client/src/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["shared/**/*.table.ts", "shared/schema.ts", "shared/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^drizzle-(orm|zod)(/.*)?$",
              allowTypeImports: true,
              message: CLIENT_SAFE_MESSAGE,
            },
            {
              regex: "^(@shared/|\\./|(\\.\\./)+shared/)(schema|[\\w-]+\\.table)$",
              allowTypeImports: true,
              message: CLIENT_SAFE_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    // The route tables are what the browser loads to call a route: nothing but plain data
    // (after the rule above, which this one's pattern includes).
    files: ["shared/**/*.api.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./api-route$).*",
              allowTypeImports: true,
              message:
                "A route table (shared/<domain>.api.ts) imports only ./api-route, so calling a route loads no schemas (docs/decisions/027-one-contract-per-route.md).",
            },
          ],
        },
      ],
    },
  },
);
