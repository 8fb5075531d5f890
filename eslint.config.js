import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The web app's layers (bulletproof-react's rule): shared code (api, components, config, hooks,
// lib, testing) imports no feature and not app/; a feature imports no other feature and not app/;
// app/ composes them. no-restricted-imports reads only the import's text, so the rule is written out
// per feature and, for relative imports, per folder depth: a file n folders below its feature's
// folder leaves the feature with n + 1 `../`.
const WEB = "apps/web/src";
const SHARED = ["api", "components", "config", "hooks", "lib", "testing"];
const featuresDir = new URL(`./${WEB}/features/`, import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** How many folders deep a feature's files go (0: files right in features/<name>/). */
const depthOf = (feature) =>
  Math.max(0, ...readdirSync(new URL(`${feature}/`, featuresDir), { recursive: true }).map((path) => path.split(/[\\/]/).length - 1));
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const APP_ONLY = "Only app/ imports app/: it composes the features and shared code, never the reverse.";
const SHARED_NO_FEATURE = "Shared code imports no feature: pass what it needs in (props, arguments), or compose in app/.";
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

const layerRules = [
  {
    files: SHARED.map((folder) => `${WEB}/${folder}/**/*.{ts,tsx}`),
    rules: restrict([
      { regex: "^@/features(/|$)", message: SHARED_NO_FEATURE },
      { regex: "^(\\.\\./)+features(/|$)", message: SHARED_NO_FEATURE },
      { regex: "^@/app(/|$)", message: APP_ONLY },
      { regex: "^(\\.\\./)+app(/|$)", message: APP_ONLY },
    ]),
  },
  ...features.flatMap((feature) =>
    Array.from({ length: depthOf(feature) + 1 }, (_, depth) => ({
      files: [`${WEB}/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
      rules: restrict([
        {
          regex: `^@/features/(?!${escapeRegex(feature)}(/|$))`,
          message: `features/${feature} imports no other feature: move what both use to shared code (components, hooks, lib, api), or compose the two in app/.`,
        },
        {
          regex: `^(\\.\\./){${depth + 1}}`,
          message: `A relative import stays inside features/${feature}: another feature is off limits, shared code is reached by the @/ alias.`,
        },
        { regex: "^@/app(/|$)", message: APP_ONLY },
      ]),
    })),
  ),
];

// The API's floors (docs/architecture.md): db/ is the ground; lib/ (infrastructure) and records/ (a
// record's row written with its audit line and its e-mails) stand on it side by side; the modules on
// them; jobs/ and app/ on the modules; server.ts on top. Each floor imports only from below, and a
// module reaches another module only through its service (`../<name>/<name>.service.js`), types
// too. Tests (and testing/) compose the floors and are left out.
const API = "apps/api/src";
const apiModulesDir = new URL(`./${API}/modules/`, import.meta.url);
const apiModules = readdirSync(apiModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModuleDepth = (module) =>
  Math.max(0, ...readdirSync(new URL(`${module}/`, apiModulesDir), { recursive: true }).map((path) => path.split(/[\\/]/).length - 1));
const API_TESTS = ["**/*.test.ts"];
const API_TOP = (up, folders, message) => ({ regex: `^${up}(${folders.join("|")})(/|\\.js$)`, message });
const API_ABOVE_GROUND = "db/ is the ground floor: it imports nothing of lib/, records/, the modules, jobs/ or the app.";
const API_BELOW_MODULES = "lib/ and records/ stand below the modules: they import no module, no job, not the app (pass what they need in).";
const API_RECORDS_NO_LIB = "records/ and lib/ stand side by side on db/: neither imports the other (records/ takes only db/ and @passo/domain).";
const API_MODULE_NOT_UP = "A module imports nothing of jobs/, app/, server.ts or bootstrap.ts: they compose the modules, never the reverse.";

const apiLayerRules = [
  {
    files: [`${API}/db/**/*.ts`],
    ignores: API_TESTS,
    rules: restrict([API_TOP("(\\.\\./)+", ["lib", "records", "modules", "jobs", "app", "demo", "testing", "config", "server", "bootstrap"], API_ABOVE_GROUND)]),
  },
  {
    files: [`${API}/lib/**/*.ts`],
    ignores: API_TESTS,
    rules: restrict([
      API_TOP("(\\.\\./)+", ["modules", "jobs", "app", "demo", "testing", "server", "bootstrap"], API_BELOW_MODULES),
      API_TOP("(\\.\\./)+", ["records"], API_RECORDS_NO_LIB),
    ]),
  },
  {
    files: [`${API}/records/**/*.ts`],
    ignores: API_TESTS,
    rules: restrict([
      API_TOP("(\\.\\./)+", ["modules", "jobs", "app", "demo", "testing", "config", "server", "bootstrap"], API_BELOW_MODULES),
      API_TOP("(\\.\\./)+", ["lib"], API_RECORDS_NO_LIB),
    ]),
  },
  ...apiModules.flatMap((module) =>
    Array.from({ length: apiModuleDepth(module) + 1 }, (_, depth) => ({
      files: [`${API}/modules/${module}/${"*/".repeat(depth)}*.ts`],
      ignores: API_TESTS,
      rules: restrict([
        {
          // Another module's folder, any file but its service.
          regex: `^(\\.\\./){${depth + 1}}(?!${escapeRegex(module)}/)([^./][^/]*)/(?!\\2\\.service\\.js$)`,
          message: `modules/${module} reaches another module only through its service (../<name>/<name>.service.js): move what both need into that service, or below the modules (lib/, records/).`,
        },
        API_TOP(`(\\.\\./){${depth + 2}}`, ["jobs", "app", "server", "bootstrap"], API_MODULE_NOT_UP),
      ]),
    })),
  ),
  {
    files: [`${API}/jobs/**/*.ts`],
    ignores: API_TESTS,
    rules: restrict([API_TOP("(\\.\\./)+", ["app", "server", "bootstrap"], "jobs/ stand beside the app, under server.ts: they import neither.")]),
  },
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/drizzle/**", "data/**", "**/coverage/**", "**/playwright-report/**", "**/test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]", message: "Focused or skipped tests check nothing." },
      ],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  ...layerRules,
  ...apiLayerRules,
);
