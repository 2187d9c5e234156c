import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import type { ClaimState, GiftAidState } from './api';
import { CLAIM_STATE_COLOURS, GIFT_AID_STATE_COLOURS } from './state';

export function GiftAidStateBadge({ state }: { state: GiftAidState }) {
  const { t } = useTranslation();
  return (
    <Badge colour={GIFT_AID_STATE_COLOURS[state] ?? 'gray'}>{t(`giftaid.states.${state}`)}</Badge>
  );
}

export function ClaimStateBadge({ state }: { state: ClaimState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="claim-state">
      <Badge colour={CLAIM_STATE_COLOURS[state] ?? 'gray'}>
        {t(`giftaid.claim_states.${state}`)}
      </Badge>
    </span>
  );
}
