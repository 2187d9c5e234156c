import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const enKeys = flatten(en as Tree);
const esKeys = flatten(es as Tree);

describe('the public pages’ strings (src/public/locales)', () => {
  it('Spanish has every English key, none empty, and no other', () => {
    expect([...enKeys.keys()].filter((key) => !esKeys.get(key)?.trim())).toEqual([]);
    expect([...esKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('interpolation placeholders match between languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(esKeys.get(key) ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('every literal key the public sources use exists in English', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..', '..'))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-z_0-9.-]+)'/gi)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((key) => !enKeys.has(key))).toEqual([]);
  });
});
