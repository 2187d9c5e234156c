import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { usePageContext } from './context';
import { isSafeHref, renderMarkdown } from './markdown';
import type {
  CallToActionProps,
  ColumnsLayout,
  FaqProps,
  FooterProps,
  FundProgressProps,
  GiftAidExplainerProps,
  HeroProps,
  ImageProps,
  RichTextProps,
  VideoProps,
} from './types';

/**
 * The blocks of a landing page as plain React components (contract for issue 17): the builder's
 * Puck config renders these, and so does the published page. Links are only ever https: or
 * mailto: (anything else renders as text); no HTML is ever injected; no inline styles (the
 * public page's CSP).
 */

function SafeLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  if (!isSafeHref(href)) return <span className={className}>{children}</span>;
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function Hero({ heading, subheading, image_key, align, cta_label, cta_href }: HeroProps) {
  const { images } = usePageContext();
  const image = image_key ? images[image_key] : undefined;
  return (
    <section
      className={`pb-hero pb-hero--${align === 'center' ? 'center' : 'left'}`}
      data-block="Hero"
    >
      <div className="pb-hero__text">
        <h1>{heading}</h1>
        {subheading && <p className="pb-hero__sub">{subheading}</p>}
        {cta_label && cta_href && (
          <SafeLink href={cta_href} className="pb-button">
            {cta_label}
          </SafeLink>
        )}
      </div>
      {image && <img className="pb-hero__image" src={image} alt="" />}
    </section>
  );
}

export function RichText({ body }: RichTextProps) {
  return (
    <div className="pb-richtext" data-block="RichText">
      {renderMarkdown(body)}
    </div>
  );
}

export function Image({ image_key, alt, caption }: ImageProps) {
  const { t } = useTranslation();
  const { images } = usePageContext();
  const src = images[image_key];
  return (
    <figure className="pb-image" data-block="Image">
      {src ? (
        <img src={src} alt={alt} loading="lazy" />
      ) : (
        <p className="pb-muted">{t('blocks.image_missing')}</p>
      )}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{6,12}$/;

/** The player's address from the id alone: nothing the editor typed becomes part of a URL
 * unless it matches the provider's id shape. */
export function videoSource(provider: VideoProps['provider'], id: string): string | null {
  if (provider === 'youtube' && YOUTUBE_ID.test(id))
    return `https://www.youtube-nocookie.com/embed/${id}`;
  if (provider === 'vimeo' && VIMEO_ID.test(id)) return `https://player.vimeo.com/video/${id}`;
  return null;
}

const PROVIDER_NAMES: Record<VideoProps['provider'], string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
};

/** The builder (admin CSP: no frame-src) cannot show the player, so it says what will play where;
 * the published page's CSP allows the two players. */
export function Video({ provider, video_id, title }: VideoProps) {
  const { t } = useTranslation();
  const { preview } = usePageContext();
  const src = videoSource(provider, video_id);
  return (
    <div className="pb-video" data-block="Video">
      {src && preview ? (
        <p className="pb-video__placeholder">
          {t('blocks.video_preview', { provider: PROVIDER_NAMES[provider], id: video_id })}
        </p>
      ) : src ? (
        <iframe
          src={src}
          title={title}
          loading="lazy"
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <p className="pb-muted">{t('blocks.video_missing')}</p>
      )}
    </div>
  );
}

export function GiftAidExplainer({ heading }: GiftAidExplainerProps) {
  const { t } = useTranslation();
  return (
    <section className="pb-giftaid" data-block="GiftAidExplainer">
      <h2>{heading || t('blocks.gift_aid_heading')}</h2>
      <p>{t('blocks.gift_aid_body')}</p>
      <p className="pb-giftaid__example">{t('blocks.gift_aid_example')}</p>
      <p className="pb-muted">{t('blocks.gift_aid_rule')}</p>
    </section>
  );
}

const pence = (amount: string | undefined) => {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
};

export function FundProgress({ fund_id, target, show_gift_aid, heading }: FundProgressProps) {
  const { t } = useTranslation();
  const { funds } = usePageContext();
  const fund = funds[fund_id];
  const raised = pence(fund?.raised) + (show_gift_aid ? pence(fund?.gift_aid) : 0);
  const goal = pence(target);
  const money = (value: number) => formatMoney(value / 100);
  return (
    <section className="pb-progress" data-block="FundProgress">
      {(heading || fund) && <h2>{heading || fund?.name}</h2>}
      <p className="pb-progress__figures">
        {goal > 0
          ? t('blocks.raised_of', { amount: money(raised), target: money(goal) })
          : t('blocks.raised', { amount: money(raised) })}
      </p>
      {goal > 0 && (
        <progress max={goal} value={Math.min(raised, goal)} aria-label={t('blocks.progress')} />
      )}
      {show_gift_aid && fund && pence(fund.gift_aid) > 0 && (
        <p className="pb-muted">
          {t('blocks.gift_aid_included', { amount: money(pence(fund.gift_aid)) })}
        </p>
      )}
    </section>
  );
}

export function Faq({ heading, items }: FaqProps) {
  return (
    <section className="pb-faq" data-block="Faq">
      {heading && <h2>{heading}</h2>}
      {(items ?? []).map((item, index) => (
        <details key={index}>
          <summary>{item.question}</summary>
          <div className="pb-faq__answer">{renderMarkdown(item.answer)}</div>
        </details>
      ))}
    </section>
  );
}

export function CallToAction({ heading, text, label, href }: CallToActionProps) {
  return (
    <section className="pb-cta" data-block="CallToAction">
      <h2>{heading}</h2>
      {text && <p>{text}</p>}
      <SafeLink href={href} className="pb-button">
        {label}
      </SafeLink>
    </section>
  );
}

export function Footer({ text, links }: FooterProps) {
  return (
    <footer className="pb-footer" data-block="Footer">
      {text && <p>{text}</p>}
      {(links ?? []).length > 0 && (
        <ul>
          {links.map((link, index) => (
            <li key={index}>
              <SafeLink href={link.href}>{link.label}</SafeLink>
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}

/** Columns with already-rendered content: the published page passes rendered blocks, the
 * builder passes Puck's slot components. */
export function ColumnsView({
  layout,
  left,
  middle,
  right,
}: {
  layout: ColumnsLayout;
  left: ReactNode;
  middle: ReactNode;
  right: ReactNode;
}) {
  const three = layout === '1-1-1';
  return (
    <div className={`pb-columns pb-columns--${layout}`} data-block="Columns">
      <div className="pb-columns__column">{left}</div>
      {three && <div className="pb-columns__column">{middle}</div>}
      <div className="pb-columns__column">{right}</div>
    </div>
  );
}
