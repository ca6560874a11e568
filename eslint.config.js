import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'web/dist/**', 'functions/lib/**', '.emulator-data/**', '.test-stack/**', 'test-results/**', 'playwright-report/**', 'bench/tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['functions/**/*.ts', 'scripts/**/*.{js,mjs}', 'e2e/**/*.ts', '*.{js,mjs,ts}', 'web/*.ts'],
    languageOptions: { globals: globals.node },
  },
);
