import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { routeTitleKey } from '@/config/paths';

/** A screen whose capability arrives later: its real title and layout, and no fake data. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { name?: string } | undefined)?.name ?? 'home';
  return (
    <section>
      <PageHeader title={t(routeTitleKey(name))} />
      <EmptyState title={t('coming_soon.title')}>
        <p>{t('coming_soon.body')}</p>
      </EmptyState>
    </section>
  );
}
