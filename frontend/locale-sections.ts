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

/**
 * Large sections that the first pages need a little of, in parts: a part is a group of their
 * second-level keys (`giftaid.new_claim.…`) in a chunk of its own, named `<section>.<part>`; the
 * rest of the section is the chunk named as the section. Donations needs `giftaid.states` and
 * `giftaid.fields`, not the 4 kB of the Gift Aid settings and claim screens. A key whose
 * second level is not a literal (`giftaid.${kind}`) needs the section and all its parts.
 */
const PARTS: Record<string, Record<string, string[]>> = {
  giftaid: {
    settings: ['settings'],
    new_claim: ['new_claim', 'adjustments', 'gasds', 'build', 'fix'],
    claims: ['claim', 'claims', 'submission', 'paid'],
    donation: ['donation'],
  },
  donors: { merge: ['merge', 'address_lookup'] },
  // New Claim and the claim screens name donations' fields, not the list's filters and actions.
  donations: { list: ['add', 'bulk', 'filters', 'methods', 'statuses'] },
};

type Tree = { [key: string]: string | Tree };

function readLocale(locale: string): Tree {
  return JSON.parse(readFileSync(`${SRC}locales/${locale}.json`, 'utf8')) as Tree;
}

function routeNames(): Set<string> {
  const source = readFileSync(`${SRC}config/paths.ts`, 'utf8');
  return new Set([...source.matchAll(/\bname: '([^']+)'/g)].map((match) => match[1] as string));
}

/** Which part of its section (see PARTS) a second-level key is in, per split section. */
function partOf(section: string): Map<string, string> {
  const parts = PARTS[section] ?? {};
  return new Map(
    Object.entries(parts).flatMap(([part, keys]) => keys.map((key) => [key, part] as const)),
  );
}

/**
 * The chunks of messages (sections, and parts of the split ones) that `text`, a key, needs. A
 * literal that names a group of keys and nothing in it (`'giftaid.gasds'`, a reason code the API
 * sends) is no message: it needs the section, as before the split, not the part.
 */
function chunksFor(section: string, text: string, messages: Tree): string[] {
  const parts = PARTS[section];
  if (!parts) return [section];
  const [second = '', ...rest] = text.slice(section.length + 1).split('.');
  if (!/^\w+$/.test(second)) {
    return [section, ...Object.keys(parts).map((part) => `${section}.${part}`)];
  }
  const part = partOf(section).get(second);
  if (!part || (rest.length === 0 && typeof (messages[section] as Tree)[second] === 'object')) {
    return [section];
  }
  return [`${section}.${part}`];
}

/** Message chunks named by `code`'s string literals (see above). */
export function sectionsIn(
  code: string,
  sections: string[],
  routes: Set<string>,
  messages: Tree = {},
): string[] {
  const found = new Set<string>();
  const literal = new RegExp(`(['"\`])((${sections.join('|')})\\.[^'"\`\\n]*)`, 'g');
  for (const match of code.matchAll(literal)) {
    const [, , text, section] = match as unknown as [string, string, string, string];
    const before = code.slice(Math.max(0, match.index - 12), match.index);
    if (routes.has(text) && !/\bt\(\s*$/.test(before)) continue;
    for (const chunk of chunksFor(section, text, messages)) found.add(chunk);
  }
  return [...found].sort();
}

/** The messages of one chunk: a section's, or a part's (its keys, at the section's level). */
function chunkMessages(tree: Tree, chunk: string): Tree {
  const [section, part] = chunk.split('.') as [string, string | undefined];
  const messages = (tree[section] ?? {}) as Tree;
  const parts = partOf(section);
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => (part ? parts.get(key) === part : !parts.has(key))),
  );
}

/**
 * The key i18next is asked for to know whether a chunk is loaded: its section, or for a split
 * section one of the chunk's own keys (the section is there once any of its parts is).
 */
function probeOf(tree: Tree, chunk: string): string {
  const section = chunk.split('.')[0] as string;
  if (!PARTS[section]) return chunk;
  return `${section}.${Object.keys(chunkMessages(tree, chunk))[0]}`;
}

export function localeSections(): Plugin {
  const messages = Object.fromEntries(LOCALES.map((locale) => [locale, readLocale(locale)]));
  const sections = Object.keys(messages.en as Tree);
  const chunks = sections.flatMap((section) => [
    section,
    ...Object.keys(PARTS[section] ?? {}).map((part) => `${section}.${part}`),
  ]);
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
        const loader = (locale: string, chunk: string) =>
          SHELL_SECTIONS.includes(chunk)
            ? `() => import('${SECTION_PREFIX}${locale}/${SHELL}').then((m) => ({ default: m.default.${chunk} }))`
            : `() => import('${SECTION_PREFIX}${locale}/${chunk}')`;
        const loaders = LOCALES.map(
          (locale) =>
            `${locale}: {${chunks.map((chunk) => `${JSON.stringify(chunk)}: ${loader(locale, chunk)}`).join(',\n')}}`,
        );
        const probes = Object.fromEntries(
          chunks
            .map((chunk) => [chunk, probeOf(messages.en as Tree, chunk)])
            .filter(([chunk, probe]) => chunk !== probe),
        );
        return (
          `export const SECTIONS = ${JSON.stringify(chunks)};\n` +
          `export const PROBES = ${JSON.stringify(probes)};\n` +
          `export const loaders = {${loaders.join(',\n')}};\n`
        );
      }
      if (id.startsWith(`\0${SECTION_PREFIX}`)) {
        const [locale, chunk] = id.slice(SECTION_PREFIX.length + 1).split('/') as [string, string];
        const tree = (messages[locale] as Tree | undefined) ?? {};
        const text =
          chunk === SHELL
            ? Object.fromEntries(SHELL_SECTIONS.map((name) => [name, tree[name] ?? {}]))
            : chunkMessages(tree, chunk);
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(text))});\n`;
      }
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(SRC) || !/\.tsx?$/.test(id) || skip.test(id)) return null;
      const needed = sectionsIn(code, sections, routes, messages.en as Tree);
      if (needed.length === 0) return null;
      return {
        // Appended: the module's own lines keep their numbers (source maps are left as they are).
        code: `${code}\nimport { needSections as __needSections } from '@/lib/locale-needs';\n__needSections(${JSON.stringify(needed)});\n`,
        map: null,
      };
    },
  };
}
