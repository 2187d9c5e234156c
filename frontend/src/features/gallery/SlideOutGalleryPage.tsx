import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';
import { SidePanel } from '@/components/SidePanel';
import { routeTitleKey } from '@/config/paths';
import { GallerySection } from './GallerySection';

/** /slideout: the SidePanel (slide-out) component. */
export default function SlideOutGalleryPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="gallery">
      <PageHeader title={t(routeTitleKey('ui.slideout'))} />
      <p className="muted">{t('gallery.intro')}</p>
      <GallerySection title={t('gallery.states.default')}>
        <p>{t('gallery.slideout.about')}</p>
        <Button variant="primary" onClick={() => setOpen(true)}>
          {t('gallery.slideout.open')}
        </Button>
      </GallerySection>
      <SidePanel open={open} title={t('gallery.slideout.title')} onClose={() => setOpen(false)}>
        <p>{t('gallery.slideout.body')}</p>
        <div className="form-actions">
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </div>
      </SidePanel>
    </div>
  );
}
