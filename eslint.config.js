import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'functions/lib/**',
      '.emulator-data/**',
      '.test-stack/**',
      'test-results/**',
      'playwright-report/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // '@model' (the whole shared model) brings zod, about 25 KB gzipped. Pages import the zod-free
    // rules file by file ('@model/care', '@model/schedule', '@model/validators', ...); only the
    // forms, which validate with the schemas, take values from '@model'. Types are free.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*-form.tsx', 'web/src/**/*-schema.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@model',
              allowTypeImports: true,
              message:
                "It brings zod into the page's bundle: import from '@model/care', '@model/schedule', '@model/validators' or another zod-free model file.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'functions/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'e2e/**/*.ts',
      '*.{js,mjs,ts}',
      'web/*.{ts,cjs}',
      'functions/*.cjs',
    ],
    languageOptions: { globals: globals.node },
  },
);
