import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedChunkPlugin } from './build/shared-chunk';

const sharedChunk = sharedChunkPlugin('/web/src/app/routes/home.tsx');

const functionUrl = 'http://127.0.0.1:5001/demo-mango-grove/us-central1/api';

export default defineConfig({
  plugins: [react(), tailwindcss(), sharedChunk.plugin],
  resolve: {
    // '@model' is the whole shared model (with zod); '@model/<file>' reaches one file, so code on
    // the home page's path can use the zod-free rules (care, schedule, validators) without zod.
    alias: [
      { find: /^@model\/(.*)$/, replacement: fileURLToPath(new URL('../functions/src/model/', import.meta.url)) + '$1' },
      { find: /^@model$/, replacement: fileURLToPath(new URL('../functions/src/model/index.ts', import.meta.url)) },
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  build: {
    // The bench reads the manifest to measure what `/` downloads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'shared', test: (id: string) => sharedChunk.captures(id), minShareCount: 2 }],
        },
      },
    },
  },
  server: {
    // `npm run dev -w web` beside a running `npm start`: the API comes from the Functions emulator.
    proxy: { '/mango': { target: functionUrl, changeOrigin: true } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Intl's default locale comes from the environment when the worker starts: tests read the app
    // as a US English reader, wherever they run (a reader's own locale is tested in the browser).
    env: { LC_ALL: 'en_US.UTF-8' },
  },
});
