import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Built by the root package's `prepare` (npm install / npm ci) into apps/web/dist, which the gateway serves at `/`.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
});
