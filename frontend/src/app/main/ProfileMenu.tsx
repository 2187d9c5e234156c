import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths, pathFor } from '@/config/paths';
import { logout, useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';

export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const signOut = async () => {
    setOpen(false);
    await logout();
    navigate(paths.login);
  };

  return (
    <div className="dropdown">
      <button
        type="button"
        className="header__button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar" aria-hidden="true">
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="header__user-name">{user.name}</span>
      </button>
      {open && (
        <div className="dropdown__menu" role="menu" onClick={() => setOpen(false)}>
          <Link role="menuitem" to={pathFor('settings.profile')}>
            {t('header.profile')}
          </Link>
          {can(user, 'two-factor-authentication') && (
            <Link role="menuitem" to={pathFor('settings.2fa')}>
              {t('header.two_factor')}
            </Link>
          )}
          <button role="menuitem" type="button" onClick={() => void signOut()}>
            {t('header.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
