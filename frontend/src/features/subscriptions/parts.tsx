import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColour } from '@/components/Badge';
import { formatMoney } from '@/lib/format';
import type { Subscription, SubscriptionStatus } from './api';

export const STATUS_COLOURS: Record<SubscriptionStatus, BadgeColour> = {
  active: 'green',
  failing: 'red',
  paused: 'amber',
  cancelled: 'gray',
  incomplete: 'sky',
  expired: 'slate',
};

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colour={STATUS_COLOURS[status] ?? 'gray'}>
      {t(`subscriptions.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** "£10.00 a month" / "£120.00 a year". */
export function AmountPerInterval({
  subscription,
}: {
  subscription: Pick<Subscription, 'amount' | 'interval'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {t(`subscriptions.per_interval.${subscription.interval}`, {
        amount: formatMoney(subscription.amount),
      })}
    </>
  );
}

/** The donor's name, else their email, else "Unknown donor" (a gift the gateway gave no name). */
export function donorLabel(
  subscription: Pick<Subscription, 'donor_name' | 'donor_email'>,
  t: TFunction,
): string {
  return subscription.donor_name || subscription.donor_email || t('subscriptions.unknown_donor');
}
