import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AVAILABLE_LOCALES, type Locale } from '@/config/constants';
import { switchLocale } from '@/lib/i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void switchLocale(event.target.value as Locale)}
      >
        {AVAILABLE_LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
