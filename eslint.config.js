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
);
