import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API and the runtime config to the Node server (npm run dev).
const serverOrigin = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': serverOrigin,
      '/config.json': serverOrigin,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
