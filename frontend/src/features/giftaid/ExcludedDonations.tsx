import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { pathFor } from '@/config/paths';
import type { ProblemGroup } from './api';
import { GiftAidStateBadge } from './GiftAidBadge';
import { donationLabel } from './selection';
import { reasonText } from './state';

interface Props {
  groups: ProblemGroup[];
  /** Adds the donations back (New Claim's "Add back"); without it the list is read-only. */
  onAddBack?: (ids: string[]) => Promise<void>;
}

/** New Claim's excluded donations, with their reasons; each can be added back, or several at once. */
export function ExcludedDonations({ groups, onAddBack }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const shownIds = new Set(groups.flatMap((group) => group.examples.map((row) => row.id)));
  const selected = chosen.filter((id) => shownIds.has(id));

  const addBack = async (ids: string[]) => {
    if (!onAddBack || ids.length === 0) return;
    setBusy(true);
    try {
      await onAddBack(ids);
      setChosen((current) => current.filter((id) => !ids.includes(id)));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <div data-testid="claim-excluded">
      {onAddBack && (
        <div className="form-actions">
          <Button
            disabled={selected.length === 0}
            loading={busy && selected.length > 0}
            onClick={() => void addBack(selected)}
          >
            {t('giftaid.new_claim.add_back_selected', { count: selected.length })}
          </Button>
        </div>
      )}
      <ul className="declaration-list">
        {groups.map((group) => (
          <li key={`${group.state}-${group.reason}`} data-testid="problem-group">
            <div>
              <GiftAidStateBadge state={group.state} />{' '}
              <strong>{t('giftaid.new_claim.group_count', { count: group.count })}</strong>
            </div>
            <ul className="problem-list">
              {group.examples.map((example) => {
                const label = donationLabel(example, locale);
                return (
                  <li key={example.id} data-testid="problem-example">
                    {onAddBack && (
                      <>
                        <input
                          type="checkbox"
                          aria-label={t('giftaid.new_claim.select_excluded', { label })}
                          checked={selected.includes(example.id)}
                          onChange={(event) => toggle(example.id, event.target.checked)}
                        />{' '}
                      </>
                    )}
                    <Link to={pathFor('donations.show', { id: example.id })}>{label}</Link>
                    {': '}
                    <span className="problem-reason">{reasonText(t, example)}</span>
                    {onAddBack && (
                      <>
                        {' '}
                        <Button
                          variant="link"
                          disabled={busy}
                          aria-label={t('giftaid.new_claim.add_back_label', { label })}
                          onClick={() => void addBack([example.id])}
                        >
                          {t('giftaid.new_claim.add_back')}
                        </Button>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {group.count > group.examples.length && (
              <p className="muted">
                {t('giftaid.new_claim.more_excluded', {
                  shown: group.examples.length,
                  count: group.count,
                })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
