import { useTranslation } from 'react-i18next';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <div className="notice" role="status">
      <h3>{t('two_factor.recovery_title')}</h3>
      <p>{t('two_factor.recovery_once')}</p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
