import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MAX_WORDS, NOTIFICATION_POLL_MS } from '@/config/constants';
import { useUser } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { notificationsApi, truncateWords } from './api';

/** Polls unread notifications every 10 s while a user is loaded. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Escape closes the open menu and gives the focus back to the bell; a click (or touch) outside
  // the bell and its menu closes it too.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const { data } = useQuery({
    queryKey: ['notifications', 'unread'],
    queryFn: notificationsApi.unread,
    enabled: !!user,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: notificationsApi.markRead, onSuccess: refresh });
  const markAll = useMutation({ mutationFn: notificationsApi.markAllRead, onSuccess: refresh });
  const unread = data?.data ?? [];

  return (
    <div className="dropdown" ref={menu}>
      <button
        ref={bell}
        type="button"
        className="icon-button bell"
        aria-label={t('notifications.bell', { count: unread.length })}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread.length > 0 && <span className="bell__dot" data-testid="unread-dot" />}
      </button>
      {open && (
        <div
          className="dropdown__menu dropdown__menu--wide"
          role="region"
          aria-label={t('notifications.title')}
        >
          <div className="dropdown__header">
            <strong>{t('notifications.title')}</strong>
            {unread.length > 0 && (
              <button type="button" className="link-button" onClick={() => markAll.mutate()}>
                {t('notifications.mark_all')}
              </button>
            )}
          </div>
          {unread.length === 0 && <p className="muted">{t('notifications.empty')}</p>}
          <ul className="notification-list">
            {unread.map((notification) => (
              <li key={notification.id}>
                {notification.data.title && <strong>{notification.data.title}</strong>}
                <p>{truncateWords(notification.data.body ?? '', NOTIFICATION_MAX_WORDS)}</p>
                <small>{formatDate(notification.created_at, i18n.language)}</small>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => markRead.mutate(notification.id)}
                >
                  {t('notifications.mark_read')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
