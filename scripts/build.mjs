// Builds the web app (Vite) into web/dist and bundles the server (esbuild) into server/dist/main.js (and
// simulators-main.js, the simulators as their own process for a cluster).
// npm packages stay external to the server bundle; our own workspace packages (@strand/*) are bundled in.
import path from 'node:path';
import { log, root, run } from './lib.mjs';
import { precompress } from './precompress.mjs';

const esbuild = await import('esbuild');

log('building the web app (vite)');
const viteCode = await run(process.execPath, [
  path.join(root, 'node_modules/vite/bin/vite.js'),
  'build',
  '--config',
  'web/vite.config.ts',
  '--logLevel',
  'warn',
]);
if (viteCode !== 0) process.exit(viteCode);

log('precompressing web/dist (brotli and gzip)');
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const totals = await precompress(path.join(root, 'web/dist'));
log(`  ${totals.files} files, ${kb(totals.bytes)} -> ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip`);

log('bundling the server (esbuild)');
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@strand/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};
await esbuild.build({
  entryPoints: [
    path.join(root, 'server/src/main.ts'),
    path.join(root, 'server/src/simulators-main.ts'),
    path.join(root, 'server/src/demo/cli.ts'),
  ],
  outdir: path.join(root, 'server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
log('build done: web/dist and server/dist');
