import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The messages of each locale, one chunk per top-level section (`giftaid`, `donors`, …) instead of
 * one 100 kB file, and each page loads only the sections its code uses (ADR 0023).
 *
 * - `virtual:locale-sections` exports, per locale, a loader per section (a chunk each).
 * - Every app module whose source names a key of a section (a string literal starting
 *   `'<section>.`, also in template literals) gets one line added:
 *   `needSections([...])` (src/lib/locale-needs.ts), run when the module is. The router awaits
 *   the needed sections of the current locale with the page's chunk (src/app/routes.tsx), so a
 *   page never renders a key whose text is not there.
 * - A literal that is a route name (`'legal.terms'`, `'donors.create'`) names no section unless it
 *   is the key of a `t(` call: route names look like keys.
 */
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const LOCALES = ['en', 'es'] as const;
const VIRTUAL = 'virtual:locale-sections';
const SECTION_PREFIX = 'virtual:locale-section/';

/**
 * Sections that every signed-in first page needs (its layout's, the sign-in page's, route names):
 * one chunk per locale for all of them rather than a dozen of 0.1–1 kB, each gzipped apart.
 * Which sections a page needs is unchanged; only how they are packed.
 */
const SHELL_SECTIONS = [
  'auth',
  'breadcrumbs',
  'common',
  'errors',
  'footer',
  'header',
  'idle',
  'locales',
  'menu',
  'notifications',
  'routes',
  'search',
  'support',
  'table',
];
const SHELL = '_shell';

type Tree = { [key: string]: string | Tree };

function readLocale(locale: string): Tree {
  return JSON.parse(readFileSync(`${SRC}locales/${locale}.json`, 'utf8')) as Tree;
}

function routeNames(): Set<string> {
  const source = readFileSync(`${SRC}config/paths.ts`, 'utf8');
  return new Set([...source.matchAll(/\bname: '([^']+)'/g)].map((match) => match[1] as string));
}

/** Sections named by `code`'s string literals (see above). */
export function sectionsIn(code: string, sections: string[], routes: Set<string>): string[] {
  const found = new Set<string>();
  const literal = new RegExp(`(['"\`])((${sections.join('|')})\\.[^'"\`\\n]*)`, 'g');
  for (const match of code.matchAll(literal)) {
    const [, , text, section] = match as unknown as [string, string, string, string];
    const before = code.slice(Math.max(0, match.index - 12), match.index);
    if (routes.has(text) && !/\bt\(\s*$/.test(before)) continue;
    found.add(section);
  }
  return [...found].sort();
}

export function localeSections(): Plugin {
  const messages = Object.fromEntries(LOCALES.map((locale) => [locale, readLocale(locale)]));
  const sections = Object.keys(messages.en as Tree);
  const routes = routeNames();
  const skip = /\/(locales|public|test|__tests__)\/|\/lib\/(locale-needs|i18n)\.ts$/;
  return {
    name: 'almoner-locale-sections',
    resolveId(id) {
      if (id === VIRTUAL || id.startsWith(SECTION_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${VIRTUAL}`) {
        const loader = (locale: string, section: string) =>
          SHELL_SECTIONS.includes(section)
            ? `() => import('${SECTION_PREFIX}${locale}/${SHELL}').then((m) => ({ default: m.default.${section} }))`
            : `() => import('${SECTION_PREFIX}${locale}/${section}')`;
        const loaders = LOCALES.map(
          (locale) =>
            `${locale}: {${sections
              .map((section) => `${section}: ${loader(locale, section)}`)
              .join(',\n')}}`,
        );
        return `export const SECTIONS = ${JSON.stringify(sections)};\nexport const loaders = {${loaders.join(',\n')}};\n`;
      }
      if (id.startsWith(`\0${SECTION_PREFIX}`)) {
        const [locale, section] = id.slice(SECTION_PREFIX.length + 1).split('/') as [
          string,
          string,
        ];
        const tree = (messages[locale] as Tree | undefined) ?? {};
        const text =
          section === SHELL
            ? Object.fromEntries(SHELL_SECTIONS.map((name) => [name, tree[name] ?? {}]))
            : (tree[section] ?? {});
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(text))});\n`;
      }
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(SRC) || !/\.tsx?$/.test(id) || skip.test(id)) return null;
      const needed = sectionsIn(code, sections, routes);
      if (needed.length === 0) return null;
      return {
        // Appended: the module's own lines keep their numbers (source maps are left as they are).
        code: `${code}\nimport { needSections as __needSections } from '@/lib/locale-needs';\n__needSections(${JSON.stringify(needed)});\n`,
        map: null,
      };
    },
  };
}
