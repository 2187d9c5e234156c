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
];

/** The dry run's "would" counts, or the import's "did" counts. */
export function CountTiles({ counts, done }: { counts: ImportCounts; done: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const mode = done ? 'done' : 'dry';
  return (
    <StatTiles
      label={t(`imports.counts.${mode}_label`)}
      tiles={ORDER.map((key) => ({
        key: `import-${key}`,
        label: t(`imports.counts.${mode}.${key}`),
        value: number.format(counts[key] ?? 0),
      }))}
    />
  );
}
