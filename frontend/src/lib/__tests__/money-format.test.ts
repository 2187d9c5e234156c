import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format';
import { i18n } from '../i18n';

describe('formatMoney: one en-GB money format in every language', () => {
  it.each(['en', 'es'])('reads £1,709.26 with the interface in %s', async (language) => {
    await i18n.changeLanguage(language);
    expect(formatMoney('1709.26', language)).toBe('£1,709.26');
    expect(formatMoney(5255.5, language)).toBe('£5,255.50');
    expect(formatMoney('1000000', language)).toBe('£1,000,000.00');
    expect(formatMoney('0', language)).toBe('£0.00');
    expect(formatMoney('-12.5', language)).toBe('-£12.50');
    await i18n.changeLanguage('en');
  });
});
