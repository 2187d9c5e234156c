/**
 * The message sections (top-level keys of src/locales/*.json) that the modules loaded so far use.
 * The build adds `needSections([...])` to every module that names a key (locale-sections.ts);
 * src/lib/i18n.ts loads them. No imports: every module may call this.
 */
const needed = new Set<string>();
let listener: ((sections: string[]) => void) | null = null;

export function needSections(sections: string[]): void {
  const fresh = sections.filter((section) => !needed.has(section));
  if (fresh.length === 0) return;
  for (const section of fresh) needed.add(section);
  listener?.(fresh);
}

export function neededSections(): string[] {
  return [...needed];
}

/** Called with the sections a module loaded later (a lazy chunk) needs. */
export function onNeededSections(callback: (sections: string[]) => void): void {
  listener = callback;
}
