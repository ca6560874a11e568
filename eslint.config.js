import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
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
    // Every text a person reads goes through the catalogues (web/src/lib/i18n, docs/languages.md).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Reviewed: what is code, not text (a single word with no capital, a constant's name,
          // a path, a URL, a class list, an image), and the brand's names in the footer's links.
          ignore: [
            '^(?![A-Z])\\S+$',
            '^[A-Z0-9_-]+$',
            '^[/#.]',
            '^https?://',
            '^(Facebook|X|Instagram|LinkedIn|YouTube)$',
          ],
          ignoreNames: [
            { regex: { pattern: '(className|Class|Box)$', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'to',
            'href',
            'src',
            'srcSet',
            'sizes',
            'type',
            'id',
            'key',
            'autoComplete',
            'inputMode',
            'image',
            'emoji',
            'tone',
          ],
          ignoreFunctions: [
            'defineMessages',
            'Error',
            'console.*',
            'import',
            'lazy',
            'addEventListener',
            'removeEventListener',
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
