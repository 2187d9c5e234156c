#!/usr/bin/env node
// The donation widget's loader (issue 17 items 9 and 11, ADR 0025): dist/widget.js is one classic
// script of ≤ 5 kB gzip with no React in it, that defines <almoner-donate>. Reads the build
// (vite.widget.config.ts, run by npm run build); builds nothing.
// Usage: node scripts/check-widget.mjs [path/to/dist]   Prints `<name>: <value> <unit>` lines;
// exits 1 when a rule is broken.
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 5;
const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const file = join(dist, 'widget.js');
if (!existsSync(file)) {
  console.error(`no widget at ${file} (run: npm run build)`);
  process.exit(2);
}
const source = readFileSync(file);
const text = source.toString('utf8');
const kb = gzipSync(source, { level: 9 }).length / 1024;
const problems = [];
if (!text.includes('almoner-donate')) problems.push('it does not define <almoner-donate>');
// React's element marker and its hooks dispatcher: neither belongs in a plain-DOM loader.
if (/react\.(element|transitional\.element)|__CLIENT_INTERNALS|useState/.test(text))
  problems.push('it contains React');
if (/^\s*(import|export)\s/m.test(text)) problems.push('it is a module, not a classic script');
console.log(`widget_js_gzip: ${kb.toFixed(2)} kB`);
for (const problem of problems) console.log(`  widget.js: ${problem}`);
const ok = problems.length === 0 && kb <= BUDGET_KB;
console.log(ok ? 'widget_budget: pass' : 'widget_budget: fail');
process.exitCode = ok ? 0 : 1;
