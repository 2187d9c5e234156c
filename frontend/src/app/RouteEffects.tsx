import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useNavigationType } from 'react-router';
import { loadingBar } from '@/components/loading-bar/store';
import { APP_NAME, SCROLL_DELAY_MS } from '@/config/constants';
import { routeTitleKey } from '@/config/paths';
import { reloadForChunkError } from '@/lib/chunks';
import { useCurrentRouteName } from './useCurrentRoute';

const SCROLL_KEY = 'almoner_scroll_positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Page title, loading bar, scroll behaviour and chunk-failure reloads, for every route. */
export function RouteEffects() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const location = useLocation();
  const routeName = useCurrentRouteName();
  const started = useRef(false);

  useEffect(() => {
    if (!routeName || !i18n.isInitialized) return;
    document.title = `${t(routeTitleKey(routeName))} · ${APP_NAME}`;
  }, [routeName, t, i18n.language, i18n.isInitialized]);

  useEffect(() => {
    if (navigation.state !== 'idle' && !started.current) {
      started.current = true;
      loadingBar.start();
    } else if (navigation.state === 'idle' && started.current) {
      started.current = false;
      loadingBar.finish();
    }
  }, [navigation.state]);

  useEffect(() => {
    const key = location.key;
    const onScroll = () => {
      const positions = savedPositions();
      positions[key] = window.scrollY;
      window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location.key]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (location.hash) {
        document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
        return;
      }
      const saved = navigationType === 'POP' ? savedPositions()[location.key] : undefined;
      window.scrollTo(0, saved ?? 0);
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash, navigationType]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadForChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return null;
}
