import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const functionUrl = 'http://127.0.0.1:5001/demo-mango-grove/us-central1/api';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@model': fileURLToPath(new URL('../functions/src/model/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    // The bench reads the manifest to measure what `/` downloads.
    manifest: true,
    sourcemap: false,
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
  },
});
