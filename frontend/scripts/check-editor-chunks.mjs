#!/usr/bin/env node
// The page builder's editor (@puckeditor/core, issue 17 item 7) loads only on /page-builder/{id}:
// every chunk holding editor code is reachable only through the PageBuilderPage chunk, and nothing
// page.html or give.html loads holds any. Reads the build (dist/.vite/modules.json, written by
// vite.config.ts); builds nothing. Usage: node scripts/check-editor-chunks.mjs [path/to/dist]
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const report = join(dist, '.vite', 'modules.json');
if (!existsSync(report)) {
  console.error(`no build at ${dist} (run: npm run build)`);
  process.exit(2);
}
const chunks = JSON.parse(readFileSync(report, 'utf8'));
const EDITOR = /node_modules\/@puckeditor\//;
const BUILDER = /^src\/features\/page-builder\/PageBuilderPage\.tsx$/;
const hasEditor = (file) => chunks[file].modules.some((module) => EDITOR.test(module));
const isBuilder = (file) => chunks[file].modules.some((module) => BUILDER.test(module));

const entryOf = (html) =>
  [...readFileSync(join(dist, html), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map(
    (match) => match[1],
  );

/** Every chunk reachable from `starts` without entering the builder's own chunk. */
function reachable(starts) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !chunks[file] || isBuilder(file)) continue;
    seen.add(file);
    queue.push(...chunks[file].imports, ...(chunks[file].dynamicImports ?? []));
  }
  return seen;
}

let failed = false;
for (const html of ['index.html', 'give.html', 'page.html']) {
  const leaking = [...reachable(entryOf(html))].filter(hasEditor);
  console.log(`${html}: editor chunks reachable without the builder: ${leaking.length}`);
  if (leaking.length) {
    failed = true;
    console.error(`  ${leaking.join('\n  ')}`);
  }
}
const builders = Object.keys(chunks).filter(isBuilder);
console.log(`builder chunks: ${builders.join(', ')}`);
process.exit(failed || builders.length !== 1 ? 1 : 0);
