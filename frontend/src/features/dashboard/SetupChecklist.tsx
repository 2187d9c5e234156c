import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { pathFor } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';
import type { Setup, SetupStepKey } from './api';

/** Where each step is done: the route and the permission its screen needs. */
const LINKS: Record<SetupStepKey, { label: string; route: string; permission: string }[]> = {
  charity: [{ label: 'charity', route: 'settings.charity', permission: 'manage-users' }],
  official: [{ label: 'official', route: 'giftaid_settings', permission: 'manage-unclaimed' }],
  donors: [
    { label: 'donors_add', route: 'donors.create', permission: 'manage-donors' },
    { label: 'donors_import', route: 'donations.import', permission: 'import-donations' },
  ],
  declaration: [{ label: 'declaration', route: 'donors', permission: 'manage-donors' }],
  claim: [{ label: 'claim', route: 'un_claimed', permission: 'manage-unclaimed' }],
};

/** The first-run checklist (issue 14 §2): each step ticked from the charity's data (the
 * dashboard's own call carries them), linked where the user may do it; gone once all are done. */
export function SetupChecklist({ setup }: { setup: Setup | null | undefined }) {
  const { t } = useTranslation();
  const user = useUser();
  if (!setup || setup.complete) return null;
  const done = setup.steps.filter((step) => step.done).length;
  return (
    <Card className="setup-checklist" aria-labelledby="setup-title" testId="setup">
      <h2 id="setup-title">{t('dashboard.setup.title')}</h2>
      <p>{t('dashboard.setup.progress', { done, total: setup.steps.length })}</p>
      <ol className="setup-steps">
        {setup.steps.map((step) => {
          const links = step.allowed
            ? LINKS[step.key].filter((link) => can(user, link.permission))
            : [];
          return (
            <li
              key={step.key}
              className={step.done ? 'setup-step setup-step--done' : 'setup-step'}
              data-testid={`setup-${step.key}`}
            >
              <span className="setup-step__mark" aria-hidden="true">
                {step.done ? '✓' : ''}
              </span>
              <span className="visually-hidden">
                {step.done ? t('dashboard.setup.done') : t('dashboard.setup.todo')}:{' '}
              </span>
              <span className="setup-step__label">{t(`dashboard.setup.steps.${step.key}`)}</span>
              {links.length > 0 ? (
                <span className="setup-step__links">
                  {links.map((link) => (
                    <Link key={link.route} to={pathFor(link.route)}>
                      {t(`dashboard.setup.links.${link.label}`)}
                    </Link>
                  ))}
                </span>
              ) : (
                !step.done && (
                  <span className="setup-step__note">{t('dashboard.setup.not_allowed')}</span>
                )
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
