import { useTranslation } from 'react-i18next';
import { StatTiles } from '@/components/StatTiles';
import type { ImportCounts } from './api';

const ORDER: (keyof ImportCounts)[] = [
  'rows',
  'donations_new',
  'donors_new',
  'donors_linked',
  'duplicates',
  'declarations_new',
  'review',
  'errors',
  'refunds',
  'skipped',
  'warnings',
];
/** Counts only some files have (payment platforms' refunds and other rows): shown when not 0. */
const WHEN_ANY = new Set<keyof ImportCounts>(['refunds', 'skipped', 'warnings']);

/** The dry run's "would" counts, or the import's "did" counts. */
export function CountTiles({ counts, done }: { counts: ImportCounts; done: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const mode = done ? 'done' : 'dry';
  return (
    <StatTiles
      label={t(`imports.counts.${mode}_label`)}
      tiles={ORDER.filter((key) => !WHEN_ANY.has(key) || (counts[key] ?? 0) > 0).map((key) => ({
        key: `import-${key}`,
        label: t(`imports.counts.${mode}.${key}`),
        value: number.format(counts[key] ?? 0),
      }))}
    />
  );
}
