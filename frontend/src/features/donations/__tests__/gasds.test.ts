import { describe, expect, it } from 'vitest';
import { gasdsAllowed, gasdsRuleOn } from '../gasds';

const cash = {
  amount: '30.00',
  date: '2026-05-01',
  payment_method: 'cash',
  benefit_value: '',
  sponsored: false,
};

describe('the GASDS option of the donation form', () => {
  it.each([
    ['a £30 cash donation', {}, true],
    ['typed as "30"', { amount: '30' }, true],
    ['contactless', { payment_method: 'contactless' }, true],
    ['over £30', { amount: '30.01' }, false],
    ['by card', { payment_method: 'card' }, false],
    ['by cheque', { payment_method: 'cheque' }, false],
    ['with a benefit', { benefit_value: '1.00' }, false],
    ['with a zero benefit', { benefit_value: '0' }, true],
    ['sponsored', { sponsored: true }, false],
    ['payment for goods', { payment_for_goods: true }, false],
    ['no amount yet', { amount: '' }, false],
    ['an amount that is not money', { amount: 'ten' }, false],
    ['no date', { date: '' }, false],
    ['£20 cash on 5 April 2019', { amount: '20.00', date: '2019-04-05' }, true],
    ['£20.01 cash on 5 April 2019', { amount: '20.01', date: '2019-04-05' }, false],
    [
      'contactless on 5 April 2019',
      { amount: '5', date: '2019-04-05', payment_method: 'contactless' },
      false,
    ],
    [
      '£30 contactless on 6 April 2019',
      { date: '2019-04-06', payment_method: 'contactless' },
      true,
    ],
  ])('%s → %s', (_name, change, allowed) => {
    expect(gasdsAllowed({ ...cash, ...change })).toBe(allowed);
  });

  it('names the limit in force on the date', () => {
    expect(gasdsRuleOn('2019-04-05').limit).toBe('20.00');
    expect(gasdsRuleOn('2019-04-06').limit).toBe('30.00');
    expect(gasdsRuleOn('2010-01-01').limit).toBe('20.00');
  });
});
