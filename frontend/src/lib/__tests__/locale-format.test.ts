import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '../cookies';
import { formatDate, formatMoney } from '../format';
import { currentLocale, i18n, switchLocale } from '../i18n';

describe('locale and formatting', () => {
  it('uses the locale cookie only when it names an available locale', () => {
    setCookie('locale', 'fr', 365);
    expect(currentLocale()).toBe('en');
    setCookie('locale', 'es', 365);
    expect(currentLocale()).toBe('es');
  });

  it('switching locale stores the cookie and loads that language', async () => {
    await switchLocale('es');
    expect(getCookie('locale')).toBe('es');
    expect(i18n.t('routes.home')).toBe('Panel');
    expect(document.documentElement.lang).toBe('es');
    await switchLocale('en');
    expect(i18n.t('routes.home')).toBe('Dashboard');
  });

  it('formats dates as day, short month, year and money in pounds', () => {
    expect(formatDate('2026-04-05', 'en')).toBe('5 Apr 2026');
    expect(formatDate('2026-04-05', 'es')).toMatch(/^5 abr 2026$/);
    expect(formatMoney('12.5', 'en')).toBe('£12.50');
    expect(formatMoney('1234.5', 'es')).toContain('£');
  });
});
