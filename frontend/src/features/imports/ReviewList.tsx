import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FieldError } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor } from '@/config/paths';
import { importKeys, importsApi, type ReviewChoice, type ReviewRow, type RowValues } from './api';
import { REVIEW_PAGE } from './constants';
import { donorName } from './PreviewTable';

const CREATE = 'create';

function donorSummary(donor: RowValues): string {
  return [donorName(donor) || donor.name, donor.email, donor.postcode]
    .filter((part) => part)
    .join(' · ');
}

function ReviewItem({ importId, item }: { importId: string; item: ReviewRow }) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();
  const client = useQueryClient();
  const [choice, setChoice] = useState<string>('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const pick = (value: string) => {
    setChoice(value);
    setMissing(false);
  };
  const confirm = async () => {
    if (!choice) {
      setMissing(true);
      return;
    }
    const body: ReviewChoice = choice === CREATE ? { create: true } : { donor_id: choice };
    setSaving(true);
    try {
      await importsApi.resolve(importId, item.row, body);
      showToast({ type: 'success', title: t('imports.review.resolved', { row: item.row }) });
      await client.invalidateQueries({ queryKey: importKeys.one(importId) });
      await client.invalidateQueries({ queryKey: ['table', 'imports'] });
    } catch {
      // The API client's error notification has already told the user what went wrong.
    } finally {
      setSaving(false);
    }
  };
  return (
    <fieldset
      className="review-row"
      data-testid="review-row"
      aria-describedby={missing ? errorId : undefined}
    >
      <legend>{t('imports.review.row', { row: item.row, donor: donorSummary(item.donor) })}</legend>
      {item.candidates.map((candidate) => (
        <label key={candidate.donor_id} className="review-row__option">
          <input
            type="radio"
            name={name}
            value={candidate.donor_id}
            checked={choice === candidate.donor_id}
            onChange={() => pick(candidate.donor_id)}
          />
          <span>
            <strong>{candidate.name}</strong>
            {[candidate.email, candidate.postcode].filter(Boolean).map((part) => ` · ${part}`)}{' '}
            <span className="muted">
              {t('imports.review.score', { score: Math.round(candidate.score * 100) })}
              {candidate.reasons.length > 0 &&
                ` (${candidate.reasons
                  .map((reason) => t(`donors.merge.reason.${reason}`, { defaultValue: reason }))
                  .join(', ')})`}
            </span>{' '}
            <Link to={pathFor('donors.show', { id: candidate.donor_id })} target="_blank">
              {t('imports.review.open_donor')}
            </Link>
          </span>
        </label>
      ))}
      <label className="review-row__option">
        <input
          type="radio"
          name={name}
          value={CREATE}
          checked={choice === CREATE}
          onChange={() => pick(CREATE)}
        />
        <span>{t('imports.review.create')}</span>
      </label>
      <FieldError
        id={errorId}
        messages={missing ? [t('imports.review.choose_first')] : undefined}
      />
      <Button variant="primary" disabled={saving} aria-busy={saving} onClick={() => void confirm()}>
        {t('imports.review.confirm')}
      </Button>
    </fieldset>
  );
}

/** Rows whose donor matched more than one existing donor: the user picks one or a new donor. */
export function ReviewList({ importId, count }: { importId: string; count: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: importKeys.review(importId),
    queryFn: () => importsApi.review(importId, REVIEW_PAGE),
  });
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? count;
  if (data && rows.length === 0) return null;
  return (
    <Card testId="import-review">
      <h2>{t('imports.review.title', { count: total })}</h2>
      <p className="muted">{t('imports.review.explain')}</p>
      {!data && <Spinner />}
      {rows.map((row) => (
        <ReviewItem key={row.row} importId={importId} item={row} />
      ))}
      {data && total > rows.length && (
        <p className="muted">{t('imports.review.more', { count: total - rows.length })}</p>
      )}
    </Card>
  );
}
