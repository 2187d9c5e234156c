import { useTranslation } from 'react-i18next';
import { BUTTON_VARIANTS, Button, ButtonLink } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { GallerySection } from './GallerySection';

/** /buttons: every Button variant in its states, and ButtonLink (a link dressed as a button). */
export default function ButtonsGalleryPage() {
  const { t } = useTranslation();
  return (
    <div className="gallery">
      <PageHeader
        title={t(routeTitleKey('ui.buttons'))}
        actions={
          <Button
            variant="primary"
            onClick={() =>
              showToast({
                type: 'success',
                title: t('gallery.buttons.toast_title'),
                message: t('gallery.buttons.toast_message'),
              })
            }
          >
            {t('gallery.buttons.show_toast')}
          </Button>
        }
      />
      <p className="muted">{t('gallery.intro')}</p>
      <GallerySection title={t('gallery.states.default')}>
        <p className="muted">{t('gallery.states.hover_focus')}</p>
        <div className="gallery__row">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {t(`gallery.buttons.${variant}`)}
            </Button>
          ))}
        </div>
      </GallerySection>
      <GallerySection title={t('gallery.states.disabled')}>
        <div className="gallery__row">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} disabled>
              {t(`gallery.buttons.${variant}`)}
            </Button>
          ))}
        </div>
      </GallerySection>
      <GallerySection title={t('gallery.states.loading')}>
        <div className="gallery__row">
          <Button variant="primary" loading>
            {t('gallery.buttons.saving')}
          </Button>
          <Button variant="danger" loading>
            {t('gallery.buttons.deleting')}
          </Button>
        </div>
      </GallerySection>
      <GallerySection title={t('gallery.buttons.links_title')}>
        <p className="muted">{t('gallery.buttons.links_about')}</p>
        <div className="gallery__row">
          {BUTTON_VARIANTS.filter((variant) => variant !== 'link').map((variant) => (
            <ButtonLink key={variant} variant={variant} to={pathFor('ui.cards')}>
              {t(`gallery.buttons.${variant}`)}
            </ButtonLink>
          ))}
        </div>
      </GallerySection>
    </div>
  );
}
