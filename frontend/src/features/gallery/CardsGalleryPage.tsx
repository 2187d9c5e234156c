import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { routeTitleKey } from '@/config/paths';

/** /cards: Card (and its variants), StatTiles, Badge and EmptyState in their states. */
export default function CardsGalleryPage() {
  const { t } = useTranslation();
  const labelledId = useId();
  const formId = useId();
  return (
    <div className="gallery">
      <PageHeader title={t(routeTitleKey('ui.cards'))} />
      <p className="muted">{t('gallery.intro')}</p>
      <Card title={t('gallery.cards.basic_title')}>
        <p>{t('gallery.cards.basic_body')}</p>
      </Card>
      <Card
        title={t('gallery.cards.actions_title')}
        actions={<Button>{t('gallery.buttons.secondary')}</Button>}
        footer={<Button variant="primary">{t('gallery.buttons.primary')}</Button>}
      >
        <p>{t('gallery.cards.actions_body')}</p>
      </Card>
      <Card
        title={t('gallery.cards.labelled_title')}
        titleId={labelledId}
        testId="gallery-labelled-card"
      >
        <p>{t('gallery.cards.labelled_body')}</p>
        <Card as="div" title={t('gallery.cards.sub_title')} headingLevel={3}>
          <p>{t('gallery.cards.sub_body')}</p>
        </Card>
      </Card>
      <Card
        as="form"
        className="form-card"
        title={t('gallery.cards.form_title')}
        titleId={formId}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        footer={
          <Button variant="primary" type="submit">
            {t('gallery.cards.form_save')}
          </Button>
        }
      >
        <p>{t('gallery.cards.form_body')}</p>
      </Card>
      <Card title={t('gallery.cards.badges_title')}>
        <div className="gallery__row">
          <Badge colour="green">{t('gallery.cards.badge_success')}</Badge>
          <Badge colour="amber">{t('gallery.cards.badge_warning')}</Badge>
          <Badge colour="red">{t('gallery.cards.badge_danger')}</Badge>
          <Badge colour="blue">{t('gallery.cards.badge_info')}</Badge>
          <Badge colour="gray">{t('gallery.cards.badge_neutral')}</Badge>
        </div>
      </Card>
      <StatTiles
        label={t('gallery.cards.tiles_label')}
        tiles={[
          { key: 'donors', label: t('gallery.cards.tile_donors'), value: '1,204' },
          {
            key: 'raised',
            label: t('gallery.cards.tile_raised'),
            value: '£18,340',
            hint: t('gallery.cards.tile_hint'),
          },
        ]}
      />
      <Card title={t('gallery.states.loading')}>
        <Spinner />
      </Card>
      <EmptyState title={t('gallery.cards.empty_title')}>
        <p>{t('gallery.cards.empty_body')}</p>
      </EmptyState>
    </div>
  );
}
