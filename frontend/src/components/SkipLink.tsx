import { useTranslation } from 'react-i18next';

/** The id of each layout's <main>, the target of its "Skip to content" link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": first in the tab order, off screen until focused; it moves the focus (and
 * so the next Tab) to the layout's <main>, which needs `id={MAIN_CONTENT_ID}` and `tabIndex={-1}`.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('common.skip_to_content')}
    </a>
  );
}
