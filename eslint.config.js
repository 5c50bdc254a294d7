// One linter for the whole tree: TypeScript and Astro files, zero warnings allowed (`--max-warnings 0`).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '.orgdir-*/',
      'dist/',
      'data/',
      'data.partial/',
      'data.previous/',
      'dist.*/',
      'data.*/',
      'editions/',
      '.astro/',
      'node_modules/',
      'bench-results/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
);
