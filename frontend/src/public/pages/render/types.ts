/**
 * The page JSON of a landing page (contract for issue 17, "Landing pages": Puck's Data shape) and
 * the facts a page needs to render. Shared by the builder (admin) and the published page: this
 * folder imports no editor code.
 */

export interface HeroProps {
  heading: string;
  subheading: string;
  image_key: string | null;
  align: 'left' | 'center';
  cta_label: string;
  cta_href: string;
}
export interface RichTextProps {
  body: string;
}
export interface ImageProps {
  image_key: string;
  alt: string;
  caption: string;
}
export interface VideoProps {
  provider: 'youtube' | 'vimeo';
  video_id: string;
  title: string;
}
export interface DonationFormProps {
  heading: string;
  presets: string[];
  default_frequency: 'once' | 'monthly';
  allow_monthly: boolean;
  allow_annual: boolean;
  fund_id: string | null;
}
export interface GiftAidExplainerProps {
  heading: string;
}
export interface FundProgressProps {
  fund_id: string;
  target: string;
  show_gift_aid: boolean;
  heading: string;
}
export interface FaqProps {
  heading: string;
  items: { question: string; answer: string }[];
}
export interface CallToActionProps {
  heading: string;
  text: string;
  label: string;
  href: string;
}
export interface FooterProps {
  text: string;
  links: { label: string; href: string }[];
}
export type ColumnsLayout = '1-1' | '1-2' | '2-1' | '1-1-1';
export interface ColumnsProps {
  layout: ColumnsLayout;
  left: Block[];
  middle: Block[];
  right: Block[];
}

export interface BlockPropsByType {
  Hero: HeroProps;
  RichText: RichTextProps;
  Image: ImageProps;
  Video: VideoProps;
  DonationForm: DonationFormProps;
  GiftAidExplainer: GiftAidExplainerProps;
  FundProgress: FundProgressProps;
  Faq: FaqProps;
  CallToAction: CallToActionProps;
  Footer: FooterProps;
  Columns: ColumnsProps;
}
export type BlockType = keyof BlockPropsByType;
export const BLOCK_TYPES: BlockType[] = [
  'Hero',
  'RichText',
  'Image',
  'Video',
  'DonationForm',
  'GiftAidExplainer',
  'FundProgress',
  'Faq',
  'CallToAction',
  'Footer',
  'Columns',
];

export type Block = {
  [K in BlockType]: { type: K; props: BlockPropsByType[K] & { id: string } };
}[BlockType];

export interface PageData {
  root: { props: { title?: string } };
  content: Block[];
}

/** The public giving facts a donation form needs (GET /api/public/pages/… `giving`). */
export interface PageGiving {
  slug: string;
  presets: string[];
  min_amount: string;
  max_amount: string;
  providers: { provider: 'stripe' | 'paypal'; mode: 'test' | 'live' }[];
  frequencies: ('once' | 'monthly' | 'annual')[];
  gift_aid: { version: string; declaration: string; statement: string };
  cover_fees?: boolean;
  fee?: { percent: string; fixed: string };
}

export interface RenderFund {
  name: string;
  raised: string;
  gift_aid: string;
}

/** What rendering a page needs besides its JSON. */
export interface RenderContext {
  locale: 'en' | 'es';
  pageId: string;
  charity: { name: string; registration_number: string | null };
  /** image key → URL (presigned GET). */
  images: Record<string, string>;
  funds: Record<string, RenderFund>;
  giving: PageGiving | null;
  /** In the builder: forms do not submit and links do not leave. */
  preview?: boolean;
  /** In the widget's frame: how the donation form opens the checkout (at the top level), and the
   * checkout's address once the browser refused that (shown as a link to the top). */
  redirect?: (url: string) => void;
  checkoutUrl?: string | null;
}
