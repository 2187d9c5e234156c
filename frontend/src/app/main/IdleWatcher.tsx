import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { IDLE_TIMEOUT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth-store';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** After 72,000,000 ms without activity the idle modal appears and the user is logged out. */
export function IdleWatcher({ timeoutMs = IDLE_TIMEOUT_MS }: { timeoutMs?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (idle) return;
    let timer = window.setTimeout(() => setIdle(true), timeoutMs);
    const onActivity = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), timeoutMs);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
    };
  }, [idle, timeoutMs]);

  useEffect(() => {
    if (idle) void logout();
  }, [idle]);

  if (!idle) return null;
  return (
    <Modal title={t('idle.title')}>
      <p>{t('idle.body')}</p>
      <Button variant="primary" onClick={() => navigate(paths.login)}>
        {t('idle.sign_in')}
      </Button>
    </Modal>
  );
}
