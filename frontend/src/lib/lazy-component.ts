import { lazy, type ComponentType } from 'react';
import { loadChunk } from './chunks';
import { loadNeededSections } from './i18n';

/**
 * A component that only a user action shows (a side panel, a confirmation dialog), loaded when
 * first rendered instead of with the page: render it inside <Suspense>. Its messages are loaded
 * with its chunk, as a page's are, so it never shows a key (ADR 0023).
 */
export function lazyComponent<P extends object>(importer: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const component = await loadChunk(importer);
    await loadNeededSections();
    return { default: component };
  });
}
