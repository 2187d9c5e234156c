import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routeByName, routeTitleKey, routeTrail } from '@/config/paths';

/** Breadcrumbs from the route names' parents; hidden on home. */
export function Breadcrumbs({ routeName }: { routeName?: string }) {
  const { t } = useTranslation();
  const params = useParams();
  if (!routeName || routeName === 'home') return null;
  const trail = routeTrail(routeName);
  const linkFor = (name: string) => {
    const path = routeByName(name).path.replace(
      /:([A-Za-z_]+)/g,
      (_, key: string) => params[key] ?? '',
    );
    return path;
  };
  return (
    <nav aria-label={t('breadcrumbs.label')} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{t(routeTitleKey('home'))}</Link>
        </li>
        {trail.map((name, index) => (
          <li key={name}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{t(routeTitleKey(name))}</span>
            ) : (
              <Link to={linkFor(name)}>{t(routeTitleKey(name))}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
