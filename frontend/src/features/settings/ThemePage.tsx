import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { setDark, useDark } from '@/lib/theme';
import { SettingsShell } from './SettingsShell';

export default function ThemePage() {
  const { t } = useTranslation();
  const dark = useDark();
  return (
    <SettingsShell routeName="settings.theme">
      <Card as="fieldset" className="form-card">
        <legend>{t('settings.theme.legend')}</legend>
        <label className="checklist__item">
          <input type="radio" name="theme" checked={!dark} onChange={() => setDark(false)} />
          <span>{t('settings.theme.light')}</span>
        </label>
        <label className="checklist__item">
          <input type="radio" name="theme" checked={dark} onChange={() => setDark(true)} />
          <span>{t('settings.theme.dark')}</span>
        </label>
      </Card>
    </SettingsShell>
  );
}
