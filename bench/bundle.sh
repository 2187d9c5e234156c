#!/usr/bin/env bash
# SPA bundle budget (ARCHITECTURE.md §8): initial JS ≤ 170 kB gzip, every other route lazy.
# Initial = the entry script(s) and modulepreloads of dist/index.html plus their static imports.
# What a signed-in user's first page loads (issue 18): dashboard, Donations, Donors and New Claim,
# each ≤ 170 kB gzip of every .js the browser fetched until the page shows its content and the
# network is idle, in Chromium against a throwaway local stack (bench/bundle_pages.mjs; it serves
# frontend/dist, whatever DIST says). BUNDLE_PAGES=0 skips it (no browser or stack).
# The public donation page (give.html, §8 "public pages"): no admin code, JS beyond React ≤ 100 kB
# gzip (frontend/scripts/check-public-bundle.mjs).
# Usage: bench/bundle.sh [path/to/dist]   (builds nothing: run `npm run build` in frontend/ first)
set -euo pipefail
DIST="${1:-$(cd "$(dirname "$0")/.." && pwd)/frontend/dist}"
if [ ! -f "$DIST/index.html" ]; then
  echo "no build at $DIST (run: cd frontend && npm ci && npm run build)" >&2
  exit 2
fi
spa=0
node - "$DIST" <<'NODE' || spa=$?
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const dist = process.argv[2];
const BUDGET_KB = 170;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
  (match) => path.join(dist, match[1].replace(/^\//, '')),
);
const staticImport = /(?:^|[;\n}])\s*import\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const initial = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.pop();
  if (initial.has(file) || !fs.existsSync(file)) continue;
  initial.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const match of code.matchAll(staticImport)) queue.push(path.resolve(path.dirname(file), match[1]));
}
const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'))
  .map((name) => path.join(dist, 'assets', name));
const initialKb = [...initial].reduce((sum, file) => sum + gzipKb(file), 0);
const lazy = allJs.filter((file) => !initial.has(file)).map((file) => [file, gzipKb(file)]).sort((a, b) => b[1] - a[1]);
const largestKb = lazy[0]?.[1] ?? 0;
console.log(`initial_js_gzip: ${initialKb.toFixed(1)} kB`);
console.log(`initial_js_files: ${initial.size} files`);
console.log(`largest_lazy_chunk_gzip: ${largestKb.toFixed(1)} kB`);
process.exitCode = initialKb <= BUDGET_KB ? 0 : 1;
NODE
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
give=0
node "$ROOT/frontend/scripts/check-public-bundle.mjs" give "$DIST" | grep -v '^give_page_budget' || give=$?
pages=0
if [ "${BUNDLE_PAGES:-1}" != 0 ]; then
  (cd "$ROOT" && .venv/bin/python -m chalicelocal.with_stack node bench/bundle_pages.mjs) \
    | grep -v '^budget:' || pages=$?
fi
if [ "$spa" -eq 0 ] && [ "$give" -eq 0 ] && [ "$pages" -eq 0 ]; then
  echo 'budget: pass'
else
  failed=()
  [ "$spa" -eq 0 ] || failed+=(initial_js_gzip)
  [ "$give" -eq 0 ] || failed+=(give_page)
  [ "$pages" -eq 0 ] || failed+=(page_js_gzip)
  echo "budget: fail (${failed[*]})"
  exit 1
fi
