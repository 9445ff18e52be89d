import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    // In development the API server answers these; `pnpm start` serves the built app itself.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/common': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/files': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: { target: 'es2022', sourcemap: true },
});
