import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { type StatTile, StatTiles } from '@/components/StatTiles';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { can, isAdmin } from '@/lib/permissions';
// The charts (about 1 kB gzipped) come with the page: as a lazy chunk they suspended the page
// after its figures had arrived, and React shows content that replaces a Suspense fallback no
// sooner than 300 ms after the fallback, which the user waited for on every sign-in.
import Charts from './Charts';
import { dashboardQuery, type UnclaimedGiftAid } from './api';
import { FundTiles } from './FundTiles';
import { PlatformOverview } from './PlatformOverview';
import { SetupChecklist } from './SetupChecklist';

function UnclaimedValue({ tile }: { tile: UnclaimedGiftAid }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(tile.gift_aid, i18n.language);
  return <>{tile.complete ? amount : t('dashboard.tiles.gift_aid_at_least', { amount })}</>;
}

/** How many donations the Gift Aid is on, and the way to claim it. */
function UnclaimedHint({ tile }: { tile: UnclaimedGiftAid }) {
  const { t, i18n } = useTranslation();
  const total = formatMoney(tile.donation_total, i18n.language);
  return (
    <>
      {t('dashboard.tiles.gift_aid_hint', { count: tile.count, total })}
      {!tile.complete && <> {t('dashboard.tiles.gift_aid_partial')}</>}
      {tile.count > 0 && (
        <>
          {' '}
          <Link to={pathFor('un_claimed')}>{t('dashboard.tiles.gift_aid_open')}</Link>
        </>
      )}
    </>
  );
}

/** A tile with the permission it needs: what a permission forbids is not shown (spec §6). */
type PermittedTile = StatTile & { permission?: string[] };

function Figures() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const user = useUser();
  const { data, isPending } = useQuery(dashboardQuery);
  if (isPending || !data) return <Spinner />;
  const { tiles } = data;
  const permitted: PermittedTile[] = [
    {
      key: 'month',
      label: t('dashboard.tiles.this_month'),
      value: formatMoney(tiles.donations_this_month.total, locale),
      hint: t('dashboard.tiles.gifts', { count: tiles.donations_this_month.count }),
    },
    {
      key: 'tax_year',
      label: t('dashboard.tiles.this_tax_year', {
        year: tiles.donations_this_tax_year.tax_year,
      }),
      value: formatMoney(tiles.donations_this_tax_year.total, locale),
      hint: t('dashboard.tiles.gifts', { count: tiles.donations_this_tax_year.count }),
    },
    {
      key: 'donors',
      label: t('dashboard.tiles.donors'),
      value: tiles.donors.toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB'),
    },
    {
      key: 'average',
      label: t('dashboard.tiles.average_gift'),
      value: formatMoney(tiles.average_gift, locale),
      hint: t('dashboard.tiles.average_hint'),
    },
    {
      key: 'gift_aid',
      label: t('dashboard.tiles.unclaimed_gift_aid'),
      value: <UnclaimedValue tile={tiles.unclaimed_gift_aid} />,
      hint: <UnclaimedHint tile={tiles.unclaimed_gift_aid} />,
      // Gift Aid claims are for those who may make them (New Claim needs manage-unclaimed).
      permission: ['manage-unclaimed'],
    },
  ];
  return (
    <>
      <SetupChecklist setup={data.setup} />
      <StatTiles
        label={t('dashboard.tiles.label')}
        tiles={permitted.filter((tile) => can(user, tile.permission))}
      />
      {data.funds && <FundTiles funds={data.funds} />}
      <Charts series={data.series} />
    </>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  const charity = Boolean(user?.tenant);
  return (
    <section>
      <PageHeader title={t(routeTitleKey('home'))} />
      <Card as="div">
        <h2>{t('dashboard.welcome', { name: user?.name ?? '' })}</h2>
        {user?.tenant && <p>{t('dashboard.charity', { charity: user.tenant.name })}</p>}
        {user && !user.email_verified_at && (
          <p className="notice" role="status">
            {t('dashboard.verify_email')}{' '}
            <Link to={pathFor('verification.resend')}>{t('auth.verify_email.resend')}</Link>
          </p>
        )}
      </Card>
      {isAdmin(user) ? (
        <PlatformOverview />
      ) : !can(user, 'view-dashboard') ? (
        <EmptyState title={t('dashboard.no_access')} />
      ) : charity ? (
        <Figures />
      ) : (
        <EmptyState title={t('dashboard.admin_title')}>
          <p>{t('dashboard.admin_body')}</p>
        </EmptyState>
      )}
    </section>
  );
}
