import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@care/contract/locales';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API = process.env.CARE_API_URL ?? 'http://localhost:3000';

/**
 * The start-up code's larger libraries, each a chunk of its own: a page the server rendered evaluates them one
 * task at a time (the loader in apps/server/src/plugins/web-app.ts), none long enough to keep a phone busy.
 */
const STARTUP_LIBRARIES: [string, RegExp][] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]react-dom-client\.ts$/],
  ['router', /node_modules[\\/]react-router[\\/]/],
  // With lib/zod-jitless.ts, so zod is configured as its chunk is evaluated, before any schema is built.
  ['zod', /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/],
  ['i18n', /node_modules[\\/](i18next[^\\/]*|react-i18next)[\\/]/],
];

/**
 * The texts of index.html's "the page could not be loaded" notice, from the translation files (every language,
 * the notice picks one), since i18next is part of the code that did not arrive.
 */
function loadFailedTexts(): Plugin {
  const common = (language: string) =>
    JSON.parse(
      readFileSync(new URL(`./public/locales/lang/common/${language}.json`, import.meta.url), 'utf8'),
    ) as {
      'load-failed': string;
      actions: { reload: string };
    };
  return {
    name: 'care-load-failed-texts',
    transformIndexHtml: (html) => {
      const texts = Object.fromEntries(
        LANGUAGES.map((language) => {
          const { 'load-failed': message, actions } = common(language);
          return [language, { message, reload: actions.reload }];
        }),
      );
      return html.replace('/* load-failed texts */ {}', () => JSON.stringify(texts).replace(/</g, '\\u003c'));
    },
  };
}

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

/**
 * The server's rendering of the public catalogue (src/entry-server.tsx, `vite build --ssr`): one Node module in
 * dist-ssr/ with its dependencies bundled, which apps/server loads when it is there.
 */
const ssrBuild = defineConfig({
  base: './',
  plugins: [react()],
  ssr: { noExternal: true },
  build: { target: 'node24', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));

const clientBuild = defineConfig({
  // Relative asset URLs: the server rewrites them under BASE_PATH, so one build serves any base path.
  base: './',
  plugins: [
    react(),
    devPortalConfig(),
    loadFailedTexts(),
    // Pre-compressed .br and .gz beside each asset; the server sends them (no per-request CPU) to slow mobile links.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.(map|png|jpe?g|webp)$/] }),
  ],
  build: {
    target: 'es2022',
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // Built for debugging and error reports, named in no file: the server serves them (and names them in a
    // SourceMap header) only with SERVE_SOURCE_MAPS, off in production (docs/operations.md).
    sourcemap: 'hidden',
    reportCompressedSize: false,
    // One stylesheet for every screen, linked by index.html: a page the server rendered (entry-server.tsx) is
    // styled before any route's code arrives (a route's own CSS file arriving later would move it about).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (docs/perf.md, Lighthouse): left alone the bundler cuts the code every page
        // needs into ~20 files of 1–2 kB, and a route's Mantine components into ~30 more, each one more
        // request on a phone's slow link before anything shows.
        codeSplitting: {
          groups: [
            ...STARTUP_LIBRARIES.map(([name, test]) => ({
              name,
              test,
              tags: ['$initial' as const],
              priority: 4,
            })),
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 3 },
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/]core|@floating-ui|@tabler|react-remove-scroll|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|clsx)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': API, '/auth': API },
  },
});
