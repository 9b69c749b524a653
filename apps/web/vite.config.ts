import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API = process.env.CARE_API_URL ?? 'http://localhost:3000';

/** In development the hosting page is Vite's, so it supplies the runtime configuration our server writes in production. */
function devPortalConfig(): Plugin {
  return {
    name: 'care-dev-portal-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<script',
        `<script>window.__PORTAL_CONFIG__={"apiBaseUrl":"","routerBaseName":"","basePath":""}</script><script`,
      ),
  };
}

export default defineConfig({
  // Relative asset URLs: the server rewrites them under BASE_PATH, so one build serves any base path.
  base: './',
  plugins: [
    react(),
    devPortalConfig(),
    // Pre-compressed .br and .gz beside each asset; the server sends them (no per-request CPU) to slow mobile links.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.(map|png|jpe?g|webp)$/] }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': API, '/auth': API },
  },
});
