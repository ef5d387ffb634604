// @ts-check
// `npm run lint`. typescript-eslint's recommended rules on top of ESLint's,
// for the TypeScript and the JavaScript alike; tsc does the type checking.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    '.demo/',
    '.demo-a11y/',
    'coverage/',
    'bench/results/',
    'bench/.build/',
    'test/browser/fixtures/react-app/dist/',
    'examples/*/dist/',
    'examples/*/node_modules/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // tsc already knows every global of the DOM and Node; ESLint would need a list of its own.
      'no-undef': 'off',
      // `_name` says "deliberately unused" (a parameter a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Browser tests reach into the page's own untyped globals (recorders the test installs
    // with page.evaluate); typing each one would say nothing a reader needs.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
