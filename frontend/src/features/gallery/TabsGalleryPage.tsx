import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Tabs } from '@/components/Tabs';
import { routeTitleKey } from '@/config/paths';
import { GallerySection } from './GallerySection';

/** /tabs: the Tabs component with a selected, an empty and a disabled tab. */
export default function TabsGalleryPage() {
  const { t } = useTranslation();
  return (
    <div className="gallery">
      <PageHeader title={t(routeTitleKey('ui.tabs'))} />
      <p className="muted">{t('gallery.intro')}</p>
      <GallerySection title={t('gallery.states.default')}>
        <p className="muted">{t('gallery.tabs.keys')}</p>
        <Tabs
          label={t('gallery.tabs.label')}
          tabs={[
            {
              id: 'overview',
              label: t('gallery.tabs.overview'),
              content: <p>{t('gallery.tabs.overview_body')}</p>,
            },
            {
              id: 'history',
              label: t('gallery.tabs.history'),
              content: <EmptyState title={t('gallery.tabs.history_empty')} />,
            },
            {
              id: 'archive',
              label: t('gallery.tabs.archive'),
              content: null,
              disabled: true,
            },
          ]}
        />
      </GallerySection>
    </div>
  );
}
