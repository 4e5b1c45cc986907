import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** This folder, as a path: the config is also run from the repository root (`vite --config web/vite.config.ts`). */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * `<link rel="modulepreload">` of the React chunk in index.html: the entry (main.ts) imports nothing statically, so
 * without it React would be asked for only once the entry has run; with it React downloads beside the entry, and the
 * sign-in page or the app chunk the entry imports comes next to it (docs/performance.md §7).
 */
function modulepreloadReact(): Plugin {
  return {
    name: 'strand-modulepreload-react',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const react = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'react');
        if (!react) throw new Error('modulepreloadReact: the build has no react chunk (see manualChunks)');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${react.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    modulepreloadReact(),
    // Installable app (issue 5): the service worker precaches the app shell, every lazy page, the scanner's .wasm
    // and the map assets, so the app opens with no connection. API answers are never cached by it (the app keeps its
    // own copies in IndexedDB); navigations fall back to index.html except for the API and its file links.
    VitePWA({
      injectRegister: null,
      registerType: 'prompt',
      manifest: {
        name: 'Strand portal',
        short_name: 'Strand',
        description: 'Customer and field-operations portal',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6f8',
        theme_color: '#0b4f6c',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,wasm,woff2}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: each chunk with its imports; scripts/check-bundle.mjs reads it to weigh every page.
    manifest: true,
    chunkSizeWarningLimit: 350,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          // The router is not in the sign-in page's first paint (main.ts): a chunk of its own.
          if (/node_modules\/react-router\//.test(id)) return 'router';
          // Only the map and calendar pages need these: their own chunks keep them out of every page's download.
          if (/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(id)) return 'leaflet';
          if (/node_modules\/(@fullcalendar|@full-ui|temporal-polyfill)\//.test(id)) return 'calendar';
          // Only the scanning screens need the barcode reader (its .wasm is a separate, same-origin asset).
          if (/node_modules\/(barcode-detector|zxing-wasm)\//.test(id)) return 'barcode';
          // Only a chart's drawing (lib/ui/chart-svg.tsx, itself lazy) needs d3: pages without charts never load it.
          // Only the PDF viewer (lib/ui/pdf-viewer.tsx, on the work-order PDF page) needs pdf.js.
          if (/node_modules\/pdfjs-dist\//.test(id)) return 'pdf';
          if (/node_modules\/(d3-[a-z-]+|internmap)\//.test(id)) return 'charts';
          // Everything else the first page needs (zod, react-query) goes to vendor; libraries only lazy pages import
          // (idb, workbox-window, jwt-decode…) stay with those pages instead of weighing on the first paint.
          if (/node_modules\/(zod|@tanstack)\//.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});
