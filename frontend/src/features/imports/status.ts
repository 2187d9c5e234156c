import type { BadgeColour } from '@/components/Badge';
import type { Job } from '@/lib/types';
import type { Import, ImportStatus, Progress } from './api';

export const WIZARD_STEPS = ['upload', 'mapping', 'preview', 'import'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STATUS_COLOURS: Record<ImportStatus, BadgeColour> = {
  uploaded: 'gray',
  mapped: 'blue',
  validating: 'indigo',
  validated: 'teal',
  importing: 'indigo',
  imported: 'green',
  undoing: 'orange',
  undone: 'slate',
  failed: 'red',
};

/** Statuses in which a job is working on the import: the screen keeps re-reading it. */
export function isWorking(status: ImportStatus): boolean {
  return status === 'validating' || status === 'importing' || status === 'undoing';
}

/** Where the wizard opens for an import, from its status. */
export function stepFor(status: ImportStatus): WizardStep {
  switch (status) {
    case 'uploaded':
      return 'mapping';
    case 'mapped':
    case 'validating':
    case 'validated':
      return 'preview';
    default:
      return 'import';
  }
}

/** The mapping may change until the rows are written. */
export function canEditMapping(status: ImportStatus): boolean {
  return status === 'uploaded' || status === 'mapped' || status === 'validated';
}

/**
 * 0..100 for the progress bar: the import's own counts, else the job's (the first chunk may not
 * have written the import's progress yet); null while neither knows the total.
 */
export function progressPercent(item: Pick<Import, 'progress'>, job?: Job | null): number | null {
  const pick = (progress: Progress | null | undefined) =>
    progress && progress.total > 0 ? progress : null;
  const progress = pick(item.progress) ?? pick(job?.progress);
  if (!progress) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** The counts the progress text names: the import's, else the job's. */
export function progressCounts(item: Pick<Import, 'progress'>, job?: Job | null): Progress {
  if (item.progress && item.progress.total > 0) return item.progress;
  return job?.progress ?? { done: 0, total: 0 };
}
