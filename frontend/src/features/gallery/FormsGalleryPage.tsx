import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { routeTitleKey } from '@/config/paths';
import { GallerySection } from './GallerySection';

/** /forms: the form fields (components/forms) in their default, disabled, error, busy states. */
export default function FormsGalleryPage() {
  const { t } = useTranslation();
  const form = useForm({ name: '', email: '', method: '', gift_aid: false, number: '1234567' });
  const withErrors = {
    ...form,
    errors: { email: [t('gallery.forms.email_error')], method: [t('gallery.forms.method_error')] },
  };
  const methods = [
    { value: 'cash', label: t('gallery.forms.method_cash') },
    { value: 'card', label: t('gallery.forms.method_card') },
  ];
  return (
    <div className="gallery">
      <PageHeader title={t(routeTitleKey('ui.forms'))} />
      <p className="muted">{t('gallery.intro')}</p>
      <GallerySection title={t('gallery.states.default')}>
        <div className="form-card">
          <TextField
            form={form}
            name="name"
            label={t('gallery.forms.name')}
            hint={t('gallery.forms.name_hint')}
          />
          <SelectField
            form={form}
            name="method"
            label={t('gallery.forms.method')}
            options={methods}
            placeholder={t('gallery.forms.method_placeholder')}
          />
          <CheckboxField form={form} name="gift_aid" label={t('gallery.forms.gift_aid')} />
          <div className="form-actions">
            <SubmitButton processing={false}>{t('common.save')}</SubmitButton>
          </div>
        </div>
      </GallerySection>
      <GallerySection title={t('gallery.states.disabled')}>
        <div className="form-card">
          <TextField form={form} name="number" label={t('gallery.forms.number')} disabled />
          <div className="form-actions">
            <SubmitButton processing>{t('gallery.buttons.saving')}</SubmitButton>
          </div>
        </div>
      </GallerySection>
      <GallerySection title={t('gallery.states.error')}>
        <div className="form-card">
          <FormError message={t('gallery.forms.form_error')} />
          <TextField form={withErrors} name="email" type="email" label={t('gallery.forms.email')} />
          <SelectField
            form={withErrors}
            name="method"
            label={t('gallery.forms.method')}
            options={methods}
            placeholder={t('gallery.forms.method_placeholder')}
          />
        </div>
      </GallerySection>
    </div>
  );
}
