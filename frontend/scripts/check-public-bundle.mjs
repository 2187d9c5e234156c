#!/usr/bin/env node
// The public pages' bundles (ARCHITECTURE §8 "public pages", issue 17 item 11): what each public
// entry loads holds no admin code (no src/app, src/features, the admin API client or its
// locales, no Amplify, router or TanStack) — and the published landing page none of the page
// builder's (@puckeditor/*) — and its JS beyond React is ≤ 100 kB gzip. Reads the build
// (dist/<entry>.html and dist/.vite/modules.json, written by vite.config.ts); builds nothing.
// Usage: node scripts/check-public-bundle.mjs give|page [path/to/dist]   Prints
// `<name>: <value> <unit>` lines; exits 1 when a rule is broken.
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const ADMIN = [
  /^src\/app\//,
  /^src\/features\//,
  /^src\/locales\//,
  /^src\/lib\/(api-client|auth-store|middleware|permissions|i18n)\.ts$/,
  /node_modules\/(aws-amplify|@aws-amplify|react-router|@tanstack)\//,
];
const ENTRIES = {
  // the public donation page (give.html): DOMPurify is the admin app's, never the donor's
  give: {
    html: 'give.html',
    name: 'give_page',
    forbidden: [...ADMIN, /node_modules\/dompurify\//],
  },
  // a published landing page (page.html)
  page: {
    html: 'page.html',
    name: 'landing_page',
    forbidden: [...ADMIN, /node_modules\/@puckeditor\//],
  },
};
const REACT = /node_modules\/(react|react-dom|scheduler)\//;

const entry = ENTRIES[process.argv[2]];
if (!entry) {
  console.error(`usage: check-public-bundle.mjs ${Object.keys(ENTRIES).join('|')} [dist]`);
  process.exit(2);
}
const dist = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const page = join(dist, entry.html);
const report = join(dist, '.vite', 'modules.json');
if (!existsSync(page) || !existsSync(report)) {
  console.error(`no build with ${entry.html} at ${dist} (run: npm run build)`);
  process.exit(2);
}
const chunks = JSON.parse(readFileSync(report, 'utf8'));
const html = readFileSync(page, 'utf8');
const entries = [
  ...html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g,
  ),
].map((match) => match[1]);

// Everything the page loads: its entry and preloads, their static imports, and (worst case) any
// chunk they import lazily.
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
    if (entry.forbidden.some((rule) => rule.test(id))) forbidden.push(`${file}: ${id}`);
}
const beyondReact = totalKb - reactKb;
console.log(`${entry.name}_js_gzip: ${totalKb.toFixed(1)} kB`);
console.log(`${entry.name}_js_beyond_react_gzip: ${beyondReact.toFixed(1)} kB`);
console.log(`${entry.name}_admin_modules: ${forbidden.length} modules`);
for (const line of forbidden) console.log(`  admin or editor module in ${entry.html}: ${line}`);
const ok = forbidden.length === 0 && reactKb > 0 && beyondReact <= BUDGET_KB;
if (reactKb === 0)
  console.log('  React is not in a chunk of its own (vite.config.ts codeSplitting)');
console.log(ok ? `${entry.name}_budget: pass` : `${entry.name}_budget: fail`);
process.exitCode = ok ? 0 : 1;
