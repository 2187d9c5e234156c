import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { showToast } from '@/components/toasts/store';
import { pathFor } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { giftAidApi, type GiftAidInfo } from './api';
import { ExcludeReasonDialog } from './ExcludeReasonDialog';
import { GiftAidStateBadge } from './GiftAidBadge';
import { fixLinkFor, reasonText } from './state';

interface Props {
  donation: { id: string; donor_id: string | null; gift_aid?: GiftAidInfo };
}

/** The donation's Gift Aid state, why, where to fix it, and exclude (park) / re-include. */
export function DonationGiftAid({ donation }: Props) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [excluding, setExcluding] = useState(false);
  const [including, setIncluding] = useState(false);
  const user = useUser();
  const info = donation.gift_aid;
  if (!info) return null;
  const held = info.state === 'in_claim' || info.state === 'claimed';
  // The claim's page is a Past Claims page (its route requires manage-passed-claim).
  const claimLink =
    held && info.claim_id && can(user, ['manage-passed-claim'])
      ? pathFor('passed.show', { report_id: info.claim_id })
      : null;
  const fix = fixLinkFor(info.reason, donation);
  const refresh = (message: string) => {
    showToast({ type: 'success', title: t('common.success'), message });
    void client.invalidateQueries({ queryKey: ['donations'] });
    void client.invalidateQueries({ queryKey: ['table'] });
  };
  const exclude = async (reason: string) => {
    await giftAidApi.exclude(donation.id, reason);
    setExcluding(false);
    refresh(t('giftaid.donation.excluded'));
  };
  const include = async () => {
    setIncluding(true);
    try {
      await giftAidApi.include(donation.id);
      refresh(t('giftaid.donation.included'));
    } finally {
      setIncluding(false);
    }
  };
  const excludable = ['claimable', 'not_eligible', 'needs_attention'].includes(info.state);

  return (
    <Card as="div" testId="donation-gift-aid">
      <h2>{t('giftaid.donation.title')}</h2>
      <dl className="details">
        <dt>{t('giftaid.fields.state')}</dt>
        <dd>
          <GiftAidStateBadge state={info.state} />
        </dd>
        <dt>{t('giftaid.fields.gift_aid')}</dt>
        <dd>{formatMoney(info.amount, i18n.language)}</dd>
        {info.reason && (
          <>
            <dt>{t('giftaid.fields.reason')}</dt>
            <dd data-testid="gift-aid-reason">{reasonText(t, info)}</dd>
          </>
        )}
      </dl>
      {held && (
        <p className="notice" role="note" data-testid="gift-aid-held">
          {t(
            info.state === 'claimed'
              ? 'giftaid.donation.held_claimed'
              : 'giftaid.donation.held_in_claim',
          )}
          {claimLink && (
            <>
              {' '}
              <Link to={claimLink}>{t('giftaid.donation.open_claim')}</Link>
            </>
          )}
        </p>
      )}
      <div className="form-actions">
        {fix && info.state !== 'claimable' && info.state !== 'excluded' && (
          <ButtonLink to={fix.to}>{t(`giftaid.fix.${fix.kind}`)}</ButtonLink>
        )}
        {excludable && (
          <Button onClick={() => setExcluding(true)}>{t('giftaid.donation.exclude')}</Button>
        )}
        {info.state === 'excluded' && (
          <Button disabled={including} onClick={() => void include()}>
            {t('giftaid.donation.include')}
          </Button>
        )}
      </div>
      {excluding && (
        <ExcludeReasonDialog
          title={t('giftaid.donation.exclude_title')}
          explain={t('giftaid.donation.exclude_explain')}
          confirmLabel={t('giftaid.donation.exclude')}
          onCancel={() => setExcluding(false)}
          onSubmit={exclude}
        />
      )}
    </Card>
  );
}
