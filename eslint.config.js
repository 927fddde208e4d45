// Lint rules of the whole tree, run by `npm run lint` (part of `npm test`). Formatting is Prettier's job
// (`npm run format:check`); eslint-config-prettier turns off every rule that would disagree with it.
//
// Besides the usual TypeScript and React hooks rules, this file holds the architecture's boundaries, so a
// change that breaks one fails `npm test` by name instead of by luck:
// - `lib/core/**` is the pure pipeline: no extension API, DOM, Dexie, React, WXT or SDK (its own
//   tsconfig also leaves the DOM's types out);
// - shipped code (`lib/`, `components/`, `entrypoints/`) never imports scripts or tests, and lib never
//   imports the UI; scripts never import tests (tests may import scripts, to test them);
// - no runtime import cycles (type-only cycles are caught by tests/unit/eslint.config.import-cycles.test.ts, which this
//   rule cannot see).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/** Packages the pure core must never import: each one means the extension, the DOM, storage, UI or a vendor SDK. */
const PACKAGES_OUTSIDE_CORE = [
  'wxt',
  'wxt/*',
  // A leading '#' starts a comment in gitignore-style patterns, so WXT's virtual module is escaped.
  '\\#imports',
  '@webext-core/*',
  'webextension-polyfill',
  'dexie',
  'dexie-*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'openai',
  'openai/*',
  'linkedom',
  'linkedom/*',
  '@mozilla/readability',
  'happy-dom',
  'fake-indexeddb',
  'fake-indexeddb/*',
];

/** Globals of a page or an extension that the core cannot have (a service worker, Node and tests run it). */
const GLOBALS_OUTSIDE_CORE = [
  'window',
  'document',
  'chrome',
  'browser',
  'localStorage',
  'sessionStorage',
  'DOMParser',
].map((name) => ({
  name,
  message:
    'lib/core runs in a service worker, in Node and in tests: reach the world through a port (lib/core/ports.ts).',
}));

export default tseslint.config(
  {
    ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'tests/fixtures/**', 'public/**', 'docs/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'simple-import-sort': simpleImportSort },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // TypeScript checks names and globals itself; these two only duplicate it, with false alarms.
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/first': 'error',
      'import-x/newline-after-import': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/core',
              from: './',
              except: ['./lib/core', './lib/text/match-quote.ts', './node_modules'],
              message: 'lib/core is the pure pipeline: it may import only itself (and lib/text/match-quote).',
            },
            {
              target: ['./lib', './components', './entrypoints'],
              from: ['./scripts', './tests'],
              message: 'Shipped code never imports scripts or tests.',
            },
            { target: './lib', from: ['./components', './entrypoints'], message: 'lib/ never imports the UI.' },
            { target: './components', from: './entrypoints', message: 'Components never import entry points.' },
            {
              target: './scripts',
              from: './tests',
              message: 'Scripts never import tests (tests may import scripts): shared code lives in scripts/lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: PACKAGES_OUTSIDE_CORE,
              message:
                'lib/core is pure: reach the world through a port (lib/core/ports.ts), wired by an adapter in lib/.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...GLOBALS_OUTSIDE_CORE],
    },
  },
  {
    files: ['**/*.tsx', 'components/**/*.ts', 'entrypoints/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
  {
    // After eslint-config-prettier, which turns max-len off: Prettier wraps code at 120 columns, and this
    // holds comments to the same width. Strings, templates and regular expressions keep their own length
    // (prompts and messages read better unbroken).
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
);
