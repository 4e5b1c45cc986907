// The bundle budget (issue 16, goal 3) and the precompression check (goal 2), run by `npm test` after the build:
//   node scripts/check-bundle.mjs            prints every chunk and page with its gzipped size and budget; exits 1
//                                            when one is over budget or a text file lacks its .br/.gz twin
//   node scripts/check-bundle.mjs --update   rewrites web/bundle-budget.json: today's sizes plus 10 % headroom
//                                            (keeps the pages' goals; run it after `npm run build` when adding routes)
// Sizes are the gzipped bytes the server sends (the .gz twins scripts/precompress.mjs wrote), in KB of 1,024 bytes.
// Budgets in web/bundle-budget.json:
//   pages    the JS a page loads before its first paint: the entry with its static imports, plus the lazy chunks
//            of the page's routes (its layout and its page) with their static imports (a data router loads the
//            matched routes' modules before it renders)
//   chunks   one line per chunk: a route's lazy chunk under its source path (src/features/…/x-page.tsx), a shared
//            chunk under its name (react, vendor, leaflet…). A chunk not listed gets `defaultChunkKb`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib.mjs';
import { PRECOMPRESSED_EXTENSIONS } from './precompress.mjs';

const dist = path.join(root, 'web/dist');
const budgetFile = path.join(root, 'web/bundle-budget.json');
const update = process.argv.includes('--update');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
function gzipBytes(file) {
  const full = path.join(dist, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return zlib.gzipSync(readFileSync(full), { level: 9 }).length;
}
/**
 * The budget key of a chunk: `entry` for the app's entry, a lazy route's source path, otherwise the chunk's name
 * (its file name without the hash: react, vendor, leaflet…).
 */
const keyOf = (chunk) => (chunk.isEntry ? 'entry' : (chunk.isDynamicEntry && chunk.src) || chunk.name);

// Every JS chunk with its gzipped size.
const chunks = [];
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  chunks.push({ key: keyOf(chunk), file: chunk.file, gz: gzipBytes(chunk.file) });
}

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(manifestKey, seen = new Set()) {
  const chunk = manifest[manifestKey];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
/** A page's chunk in the manifest, by source path or, for a chunk without one, by name. */
const findKey = (ref) => (manifest[ref] ? ref : Object.keys(manifest).find((k) => manifest[k].name === ref));
const pages = Object.entries(budget.pages).map(([page, { routes, budgetKb, goalKb }]) => {
  const missing = routes.find((route) => !findKey(route));
  if (missing) return { page, routes, missing, budgetKb, goalKb };
  const files = closure(entryKey);
  for (const route of routes) closure(findKey(route), files);
  const gz = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipBytes(f), 0);
  return { page, routes, gz, budgetKb, goalKb };
});

if (update) {
  const headroom = (bytes) => Math.ceil(kb(bytes) * 1.1 + 0.5);
  const next = {
    ...budget,
    pages: Object.fromEntries(
      pages.map((p) => [
        p.page,
        { routes: p.routes, budgetKb: p.missing ? p.budgetKb : headroom(p.gz), goalKb: p.goalKb },
      ]),
    ),
    chunks: {},
  };
  for (const c of [...chunks].sort((a, b) => a.key.localeCompare(b.key))) {
    next.chunks[c.key] = Math.max(next.chunks[c.key] ?? 0, headroom(c.gz));
  }
  writeFileSync(budgetFile, `${JSON.stringify(next, null, 2)}\n`);
  // In the repository's format, so `npm run lint` stays green after an update.
  const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
  if (existsSync(biome)) spawnSync(process.execPath, [biome, 'format', '--write', budgetFile], { stdio: 'ignore' });
  console.log(`wrote ${path.relative(root, budgetFile)}: ${Object.keys(next.chunks).length} chunks`);
  process.exit(0);
}

const problems = [];
console.log('page (JS before first paint)          gzip KB   budget   goal');
for (const p of pages) {
  if (p.missing) {
    problems.push(`${p.page}: its chunk ${p.missing} is not in the build (renamed? update web/bundle-budget.json)`);
    continue;
  }
  const over = kb(p.gz) > p.budgetKb;
  if (over) problems.push(`${p.page}: ${kb(p.gz)} KB of JS before first paint, budget ${p.budgetKb} KB`);
  const goal = p.goalKb === undefined ? '' : `${p.goalKb}${kb(p.gz) > p.goalKb ? ' (not met)' : ''}`;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${p.page.padEnd(32)} ${String(kb(p.gz)).padStart(7)} ${String(p.budgetKb).padStart(8)}   ${goal}`,
  );
}
console.log(`chunk                                                gzip KB   budget (default ${budget.defaultChunkKb})`);
for (const c of chunks.sort((a, b) => b.gz - a.gz)) {
  const limit = budget.chunks[c.key] ?? budget.defaultChunkKb;
  const over = kb(c.gz) > limit;
  if (over) problems.push(`chunk ${c.key} (${c.file}): ${kb(c.gz)} KB gzipped, budget ${limit} KB`);
  const listed = c.key in budget.chunks ? '' : ' (default)';
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${c.key.padEnd(48)} ${String(kb(c.gz)).padStart(7)} ${String(limit).padStart(8)}${listed}`,
  );
}

// Goal 2: every text file of the build has its brotli and gzip twins (unless a twin would not be smaller).
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? (name.startsWith('.') ? [] : walk(p)) : [p];
  });
}
let twins = 0;
for (const file of walk(dist)) {
  if (!PRECOMPRESSED_EXTENSIONS.includes(path.extname(file))) continue;
  const size = statSync(file).size;
  for (const ext of ['.br', '.gz']) {
    if (existsSync(file + ext)) {
      twins += 1;
      if (statSync(file + ext).size >= size)
        problems.push(`${path.relative(dist, file + ext)} is not smaller than its file`);
    } else if (size > 1024) problems.push(`${path.relative(dist, file)} has no ${ext} twin (scripts/precompress.mjs)`);
  }
}
console.log(`precompressed twins (.br, .gz): ${twins}`);

if (problems.length > 0) {
  console.error(`\nbundle budget: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('A page or chunk that grew on purpose: raise its line in web/bundle-budget.json (or --update).');
  process.exit(1);
}
console.log('bundle budget: ok');
