#!/usr/bin/env node
// The published landing page's bundle (issue 17 item 11): what page.html loads holds none of the
// page builder's code (@puckeditor/*, src/features/) and no admin code (the same rules as the
// give page's), and its JS beyond React is ≤ 100 kB gzip. Reads the build (dist/page.html and
// dist/.vite/modules.json, written by vite.config.ts); builds nothing.
// Usage: node scripts/check-page-bundle.mjs [path/to/dist]   Prints `<name>: <value> <unit>` lines;
// exits 1 when a rule is broken.
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const FORBIDDEN = [
  /node_modules\/@puckeditor\//,
  /^src\/app\//,
  /^src\/features\//,
  /^src\/locales\//,
  /^src\/lib\/(api-client|auth-store|middleware|permissions|i18n)\.ts$/,
  /node_modules\/(aws-amplify|@aws-amplify|react-router|@tanstack)\//,
];
const REACT = /node_modules\/(react|react-dom|scheduler)\//;

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const page = join(dist, 'page.html');
const report = join(dist, '.vite', 'modules.json');
if (!existsSync(page) || !existsSync(report)) {
  console.error(`no build with the published page at ${dist} (run: npm run build)`);
  process.exit(2);
}
const chunks = JSON.parse(readFileSync(report, 'utf8'));
const html = readFileSync(page, 'utf8');
const entries = [
  ...html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g,
  ),
].map((match) => match[1]);

// Everything the page loads: its entry and preloads, their imports, and (worst case) any chunk
// they import lazily.
const loaded = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.pop();
  if (loaded.has(file)) continue;
  loaded.add(file);
  const chunk = chunks[file];
  if (!chunk) throw new Error(`${file} is not in ${report}`);
  queue.push(...chunk.imports, ...(chunk.dynamicImports ?? []));
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
let totalKb = 0;
let reactKb = 0;
const forbidden = [];
for (const file of loaded) {
  const { modules } = chunks[file];
  const kb = gzipKb(file);
  totalKb += kb;
  if (modules.length > 0 && modules.every((id) => REACT.test(id))) reactKb += kb;
  for (const id of modules)
    if (FORBIDDEN.some((rule) => rule.test(id))) forbidden.push(`${file}: ${id}`);
}
const beyondReact = totalKb - reactKb;
console.log(`landing_page_js_gzip: ${totalKb.toFixed(1)} kB`);
console.log(`landing_page_js_beyond_react_gzip: ${beyondReact.toFixed(1)} kB`);
console.log(`landing_page_forbidden_modules: ${forbidden.length} modules`);
for (const line of forbidden)
  console.log(`  editor or admin module in the published page: ${line}`);
const ok = forbidden.length === 0 && reactKb > 0 && beyondReact <= BUDGET_KB;
if (reactKb === 0)
  console.log('  React is not in a chunk of its own (vite.config.ts codeSplitting)');
console.log(ok ? 'landing_page_budget: pass' : 'landing_page_budget: fail');
process.exitCode = ok ? 0 : 1;
