import { useTranslation } from 'react-i18next';
import type { Frequency, PublicPage } from '@/public/give/api';
import { GiveForm } from '@/public/give/GiveForm';
import { usePageContext } from './context';
import type { DonationFormProps, PageGiving, RenderContext } from './types';

/** The give page's form fed by the page's giving facts and the block's own settings. */
function givePage(
  giving: PageGiving,
  context: RenderContext,
  presets: string[],
  frequencies: Frequency[],
): PublicPage {
  return {
    charity: context.charity,
    title: '',
    intro: '',
    presets: presets.length > 0 ? presets : giving.presets,
    min_amount: giving.min_amount,
    max_amount: giving.max_amount,
    funds: [],
    cover_fees: giving.cover_fees ?? false,
    fee: giving.fee ?? { percent: '0', fixed: '0' },
    providers: giving.providers,
    gift_aid: giving.gift_aid,
    frequencies,
  };
}

/** The frequencies the block allows that the charity's providers support (`giving.frequencies`). */
export function offeredFrequencies(props: DonationFormProps, supported: Frequency[]): Frequency[] {
  const wanted: Frequency[] = ['once'];
  if (props.allow_monthly) wanted.push('monthly');
  if (props.allow_annual) wanted.push('annual');
  return wanted.filter((frequency) => supported.includes(frequency));
}

export function DonationForm(props: DonationFormProps) {
  const { t } = useTranslation();
  const context = usePageContext();
  const giving = context.giving;
  const frequencies = giving ? offeredFrequencies(props, giving.frequencies ?? ['once']) : [];
  return (
    <section className="pb-donate" data-block="DonationForm">
      <h2 id="give-title">{props.heading || t('blocks.donation_heading')}</h2>
      {context.preview && <p className="pb-muted">{t('blocks.preview_note')}</p>}
      {giving ? (
        <GiveForm
          key={`${frequencies.join()}-${props.default_frequency}-${(props.presets ?? []).join()}`}
          slug={giving.slug}
          page={givePage(giving, context, props.presets ?? [], frequencies)}
          cancelled={false}
          defaultFrequency={props.default_frequency}
          pageId={context.pageId}
          fundId={props.fund_id}
          preview={context.preview}
          redirect={context.redirect}
        />
      ) : (
        <p className="pb-muted">{t('blocks.donation_unavailable')}</p>
      )}
      {context.checkoutUrl && (
        <p className="pb-continue">
          <a href={context.checkoutUrl} target="_top" className="button button--primary">
            {t('pages.continue_payment')}
          </a>
        </p>
      )}
    </section>
  );
}
