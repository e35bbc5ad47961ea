import js from '@eslint/js';
import globals from 'globals';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (docs/architecture.md, "Import rules"), written as patterns over the import text so
 * a new feature needs no change here. ESLint applies only the last `no-restricted-imports` matching a
 * file, so each block lists every pattern for its files.
 */
const NOT_SERVER = [
  {
    group: ['@gona/server', '@gona/server/*'],
    message: 'The web imports nothing from the server; share what both need through packages/shared.',
  },
  {
    regex: '^(\\.\\./)+(apps/)?server(/|$)',
    message: 'The web imports nothing from the server; share what both need through packages/shared.',
  },
];
const NOT_WEB_FEATURES = [
  {
    group: ['@/features', '@/features/*'],
    message: 'lib/ and components/ know no feature; pass what they need in from the feature or the screen.',
  },
  {
    regex: '^(\\.\\./)+features(/|$)',
    message: 'lib/ and components/ know no feature; pass what they need in from the feature or the screen.',
  },
];
const NOT_SONNER = [
  {
    group: ['sonner'],
    message: "Toasts go through '@/lib/toast', which loads the toast library with the first toast.",
  },
];
const NOT_SERVER_FEATURES = [
  { regex: '^(\\.\\./)+features(/|$)', message: 'lib/ belongs to no feature and imports none.' },
];
const NOT_HONO = [
  {
    group: ['hono', 'hono/*', '@hono/*'],
    message: 'A service takes a Ctx and throws AppError; Hono stays in routes and middleware.',
  },
];
const NOT_APPS = [
  {
    group: ['@gona/server', '@gona/server/*', '@gona/web', '@gona/web/*'],
    message: 'packages/shared is used by both apps and imports neither.',
  },
  { regex: '^(\\.\\./)+apps/', message: 'packages/shared is used by both apps and imports neither.' },
];
/** How deep a file may sit below its feature folder and still be held to the feature rules. */
const FEATURE_DEPTHS = [0, 1, 2, 3, 4];
/** Files `depth` folders below a feature's own folder, e.g. depth 1: `features/<feature>/components/X.tsx`. */
const inFeature = (root, depth, name = '*') => `${root}/src/features/*/${'*/'.repeat(depth)}${name}`;
/** A relative import that climbs exactly out of the importing file's feature, into a sibling feature. */
const siblingFeature = (depth) => `^(\\.\\./){${depth + 1}}[^./]`;
const otherWebFeature = (depth) => [
  {
    group: ['@/features', '@/features/*'],
    message:
      'A feature imports no other feature (compose them in an app/routes screen); its own files are imported relatively.',
  },
  {
    regex: siblingFeature(depth),
    message: 'A feature imports no other feature; compose them in an app/routes screen.',
  },
];
/** A server feature may call another feature's service (docs/architecture.md), and reach nothing else of it. */
const otherServerFeature = (depth) => [
  {
    regex: `${siblingFeature(depth)}[^/]*/(?![^/]*\\.service$)`,
    message: 'A feature reaches another feature only through its *.service, never its routes or helpers.',
  },
];
const restrictImports = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.flat() }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only apps/server/src/config.ts reads the environment; take the value from Config.',
        },
      ],
    },
  },
  {
    // What sets up an environment before config.ts runs, or runs outside the app: build and bench
    // scripts, tool configs, test setup; config.test.ts checks that the env file never overrides the
    // environment; two-servers.test.ts starts real server processes with the test database's address;
    // ledger-month.test.ts is a report run on demand (LEDGER_MONTH=1), not part of the suite.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/config.test.ts',
      'apps/server/src/two-servers.test.ts',
      'apps/server/src/features/marketplace/ledger-month.test.ts',
      'apps/server/src/test/**',
      'apps/*/scripts/**',
      'scripts/**',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      'e2e/playwright.config.ts',
      'e2e/support/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  restrictImports(['apps/web/**'], NOT_SERVER, NOT_SONNER),
  restrictImports(['apps/web/src/app/sonner-toaster.tsx'], NOT_SERVER),
  restrictImports(
    ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    NOT_SERVER,
    NOT_WEB_FEATURES,
    NOT_SONNER,
  ),
  ...FEATURE_DEPTHS.map((depth) =>
    restrictImports([inFeature('apps/web', depth)], NOT_SERVER, otherWebFeature(depth), NOT_SONNER),
  ),
  restrictImports(['apps/server/src/lib/**'], NOT_SERVER_FEATURES),
  restrictImports(['apps/server/src/**/*.service.ts'], NOT_HONO),
  ...FEATURE_DEPTHS.map((depth) =>
    restrictImports([inFeature('apps/server', depth)], otherServerFeature(depth)),
  ),
  ...FEATURE_DEPTHS.map((depth) =>
    restrictImports([inFeature('apps/server', depth, '*.service.ts')], otherServerFeature(depth), NOT_HONO),
  ),
  restrictImports(['packages/shared/**'], NOT_APPS),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
