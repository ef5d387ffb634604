// @ts-check
// `npm run lint`. ESLint's recommended rules, typescript-eslint's type-checked ones (they see what
// tsc sees: a promise nobody awaits, a method torn from its object, `any` leaking out of a parse)
// and the Rules of React for hooks, for the TypeScript and the JavaScript alike.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** The rules that follow an `any` through assignments, calls and returns. */
const noUnsafeAny = {
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

/** The document, its nodes and the window's own parts: what src/api must be handed, never read. */
const PAGE_GLOBALS = [
  'document',
  'window',
  'self',
  'location',
  'navigator',
  'history',
  'customElements',
  'Node',
  'Element',
  'HTMLElement',
  'requestAnimationFrame',
  'addEventListener',
];
const NO_DOM_IN_API = 'src/api has no DOM: take it as a parameter from the element layer.';

export default defineConfig(
  globalIgnores([
    'dist/',
    '.demo/',
    '.demo-a11y/',
    'coverage/',
    'reports/',
    '.stryker-tmp/',
    'bench/results/',
    'bench/.build/',
    'test/browser/fixtures/*/dist/',
    'examples/*/dist/',
    'examples/*/node_modules/',
    'examples/*/.angular/',
    'examples/*/.next/',
    'examples/*/.svelte-kit/',
    'examples/*/.astro/',
    'examples/*/build/',
    'examples/next/next-env.d.ts',
    '.tools/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    // The Rules of React where React is: the element's binding and component, and TSX anywhere.
    // Elsewhere a `use…` name is not a hook (the browser tests' `useHarness()` sets up a page).
    files: ['src/element/**', '**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig that includes it; the config files at the root
        // that none includes get a default project.
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // tsc already knows every global of the DOM and Node; ESLint would need a list of its own.
      'no-undef': 'off',
      // `_name` says "deliberately unused" (a parameter a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Passing on a reason that arrived as `unknown` (an abort's, a failed request's) makes no
      // non-Error up; rejecting with a string still does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // The api layer has no DOM: it knows the page only through what it sends requests with (fetch,
    // the base URL fetch resolves against, AbortSignal, timers) and Web Storage. The document and
    // the window's other parts are the element layer's to read and to hand in.
    files: ['src/api/**'],
    rules: {
      'no-restricted-globals': ['error', ...PAGE_GLOBALS.map((name) => ({ name, message: NO_DOM_IN_API }))],
      'no-restricted-properties': [
        'error',
        ...PAGE_GLOBALS.map((property) => ({ object: 'globalThis', property, message: NO_DOM_IN_API })),
      ],
    },
  },
  {
    // Browser tests reach into the page's own untyped globals (recorders the test installs
    // with page.evaluate); typing each one would say nothing a reader needs.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', ...noUnsafeAny },
  },
  {
    // JavaScript is not type-checked here (`checkJs` is off): what tsc cannot type reads as `any`,
    // and these rules would only repeat that on every line. The other type-aware rules still apply.
    files: ['**/*.js', '**/*.mjs'],
    rules: noUnsafeAny,
  },
  {
    // The examples import the package by name, which only their own install provides: here its
    // types are missing and every value of it would read as `any`. test/ecosystem/pack.test.ts
    // type-checks examples/react with its own tsc, examples/next with `next build`, examples/vue
    // with its own vue-tsc and examples/sveltekit with svelte-check, against the packed package
    // instead. No config here reads `.vue` or `.svelte` files, so ESLint passes over them: a
    // parser for each would be a dependency of this repository for one example.
    files: ['examples/**'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
