import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeTitleKey } from '@/config/paths';
import en from '../en.json';
import es from '../es.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((text, nested) => out.set(nested, text));
  }
  return out;
}

/** The app's sources; src/public (the public pages) has its own strings and their own test. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === '__tests__' || path === PUBLIC_PAGES ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const PUBLIC_PAGES = join(__dirname, '..', '..', 'public');
const enKeys = flatten(en as Tree);
const esKeys = flatten(es as Tree);
const hasKey = (keys: Map<string, string>, key: string) =>
  keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);

describe('translations', () => {
  it('the Spanish bundle has every key of the English one, none empty', () => {
    const missing = [...enKeys.keys()].filter((key) => !esKeys.get(key)?.trim());
    expect(missing).toEqual([]);
  });

  it('the Spanish bundle has no key the English one lacks', () => {
    expect([...esKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('every route has a translated title', () => {
    const missing = ROUTES.map((route) => routeTitleKey(route.name)).filter(
      (key) => !enKeys.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('every literal key used in the source exists in English', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..', '..'))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-z_0-9.-]+)'/gi)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !hasKey(enKeys, key))).toEqual([]);
  });

  it('interpolation placeholders match between languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(esKeys.get(key) ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
