import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { ProblemGroup } from './api';
import { GiftAidStateBadge } from './GiftAidBadge';
import { fixLinkFor, reasonText } from './state';

/** "Why isn't this donation in my claim?": donations grouped by reason, with examples to fix. */
export function ProblemGroups({ groups, testId }: { groups: ProblemGroup[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <ul className="declaration-list" data-testid={testId}>
      {groups.map((group) => (
        <li key={`${group.state}-${group.reason}`} data-testid="problem-group">
          <div>
            <GiftAidStateBadge state={group.state} />{' '}
            <strong>{t('giftaid.new_claim.group_count', { count: group.count })}</strong>
          </div>
          <ul className="problem-list">
            {group.examples.map((example) => {
              const fix = fixLinkFor(example.reason, example);
              return (
                <li key={example.id} data-testid="problem-example">
                  <Link to={pathFor('donations.show', { id: example.id })}>
                    {formatDate(example.date, locale)} · {formatMoney(example.amount, locale)}
                    {example.donor_name ? ` · ${example.donor_name}` : ''}
                  </Link>
                  {': '}
                  <span className="problem-reason">{reasonText(t, example)}</span>
                  {fix && (
                    <>
                      {' '}
                      <Link to={fix.to}>{t(`giftaid.fix.${fix.kind}`)}</Link>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
