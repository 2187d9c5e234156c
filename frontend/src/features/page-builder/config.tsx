import type { Config, Fields, Slot } from '@puckeditor/core';
import type { TFunction } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import type { FundOption } from '@/features/funds/api';
import type { PageType } from '@/features/landing/api';
import {
  CallToAction,
  ColumnsView,
  Faq,
  Footer,
  FundProgress,
  GiftAidExplainer,
  Hero,
  Image,
  RichText,
  Video,
} from '@/public/pages/render/blocks';
import { EMPTY_CONTEXT } from '@/public/pages/render/context';
import { DonationForm } from '@/public/pages/render/DonationFormBlock';
import { PageFrame } from '@/public/pages/render/renderPage';
import type {
  BlockPropsByType,
  BlockType,
  ColumnsLayout,
  DonationFormProps,
  FundProgressProps,
  HeroProps,
  ImageProps,
  RenderContext,
} from '@/public/pages/render/types';
import { FundField, ImageKeyField, PresetsField } from './fields';

/** What the builder's preview renders with (images, funds and giving from preview-data). */
export const BuilderRenderContext = createContext<RenderContext>(EMPTY_CONTEXT);

function RootFrame({ children }: { children: ReactNode }) {
  return <PageFrame context={useContext(BuilderRenderContext)}>{children}</PageFrame>;
}

interface ColumnsFields {
  layout: ColumnsLayout;
  left: Slot;
  middle: Slot;
  right: Slot;
}

/** The renderer's blocks, but Columns with Puck's slot fields for its columns. */
type Components = Omit<BlockPropsByType, 'Columns'> & { Columns: ColumnsFields };

export type BuilderConfig = Config<{ components: Components; root: { title?: string } }>;

export interface ConfigOptions {
  t: TFunction;
  pageType: PageType;
  funds: FundOption[];
  /** Uploads an image for this page and answers its key. */
  upload: (file: File) => Promise<string>;
}

/**
 * The builder's blocks: the contract's block types, each rendered by the public renderer's own
 * component, with fields for exactly the contract's props. A donation page's DonationForm can be
 * edited and moved but not deleted, duplicated or inserted again (the page needs exactly one);
 * Columns take any block but Columns and DonationForm.
 */
export function buildConfig({ t, pageType, funds, upload }: ConfigOptions): BuilderConfig {
  const label = (name: string) => t(`page_builder.fields.${name}`);
  const text = (name: string) => ({ type: 'text' as const, label: label(name) });
  const textarea = (name: string) => ({ type: 'textarea' as const, label: label(name) });
  const yesNo = (name: string) => ({
    type: 'radio' as const,
    label: label(name),
    options: [
      { label: t('common.yes'), value: true },
      { label: t('common.no'), value: false },
    ],
  });
  const imageField = (name: string, optional: boolean) => ({
    type: 'custom' as const,
    label: label(name),
    render: ({
      id,
      value,
      onChange,
    }: {
      id: string;
      value: string | null;
      onChange: (v: string | null) => void;
    }) => (
      <ImageKeyField
        id={id}
        label={label(name)}
        value={value}
        onChange={onChange}
        upload={upload}
        optional={optional}
      />
    ),
  });
  const fundField = (name: string, optional: boolean) => ({
    type: 'custom' as const,
    label: label(name),
    render: ({
      id,
      value,
      onChange,
    }: {
      id: string;
      value: string | null;
      onChange: (v: string | null) => void;
    }) => (
      <FundField
        id={id}
        label={label(name)}
        value={value}
        onChange={onChange}
        funds={funds}
        optional={optional}
      />
    ),
  });
  const blockName = (type: BlockType) => t(`page_builder.blocks.${type}`);
  const nested = { type: 'slot' as const, disallow: ['Columns', 'DonationForm'] };
  const donationPage = pageType === 'donation';

  return {
    categories: {
      content: {
        title: t('page_builder.categories.content'),
        components: ['Hero', 'RichText', 'Image', 'Video', 'Columns'],
      },
      giving: {
        title: t('page_builder.categories.giving'),
        components: ['DonationForm', 'GiftAidExplainer', 'FundProgress', 'CallToAction'],
      },
      other: { title: t('page_builder.categories.other'), components: ['Faq', 'Footer'] },
    },
    root: {
      fields: { title: text('page_title') },
      render: ({ children }) => <RootFrame>{children}</RootFrame>,
    },
    components: {
      Hero: {
        label: blockName('Hero'),
        fields: {
          heading: text('heading'),
          subheading: textarea('subheading'),
          image_key: imageField('image', true),
          align: {
            type: 'radio',
            label: label('align'),
            options: [
              { label: label('align_left'), value: 'left' },
              { label: label('align_center'), value: 'center' },
            ],
          },
          cta_label: text('cta_label'),
          cta_href: text('href'),
        } as Fields<HeroProps>,
        defaultProps: {
          heading: t('page_builder.defaults.heading'),
          subheading: '',
          image_key: null,
          align: 'left',
          cta_label: '',
          cta_href: '',
        },
        render: (props) => <Hero {...props} />,
      },
      RichText: {
        label: blockName('RichText'),
        fields: { body: { ...textarea('body'), label: label('body') } },
        defaultProps: { body: t('page_builder.defaults.body') },
        render: (props) => <RichText {...props} />,
      },
      Image: {
        label: blockName('Image'),
        fields: {
          image_key: imageField('image', false),
          alt: text('alt'),
          caption: text('caption'),
        } as Fields<ImageProps>,
        defaultProps: { image_key: '', alt: '', caption: '' },
        render: (props) => <Image {...props} />,
      },
      Video: {
        label: blockName('Video'),
        fields: {
          provider: {
            type: 'select',
            label: label('provider'),
            options: [
              { label: 'YouTube', value: 'youtube' },
              { label: 'Vimeo', value: 'vimeo' },
            ],
          },
          video_id: text('video_id'),
          title: text('video_title'),
        },
        defaultProps: {
          provider: 'youtube',
          video_id: '',
          title: t('page_builder.defaults.video_title'),
        },
        render: (props) => <Video {...props} />,
      },
      DonationForm: {
        label: blockName('DonationForm'),
        permissions: donationPage
          ? { delete: false, duplicate: false, insert: false }
          : { duplicate: false },
        fields: {
          heading: text('heading'),
          presets: {
            type: 'custom',
            label: label('presets'),
            render: ({ id, value, onChange }) => (
              <PresetsField id={id} label={label('presets')} value={value} onChange={onChange} />
            ),
          },
          default_frequency: {
            type: 'radio',
            label: label('default_frequency'),
            options: [
              { label: label('frequency_once'), value: 'once' },
              { label: label('frequency_monthly'), value: 'monthly' },
            ],
          },
          allow_monthly: yesNo('allow_monthly'),
          allow_annual: yesNo('allow_annual'),
          fund_id: fundField('fund', true),
        } as Fields<DonationFormProps>,
        defaultProps: {
          heading: '',
          presets: ['10.00', '25.00', '50.00'],
          default_frequency: 'once',
          allow_monthly: true,
          allow_annual: false,
          fund_id: null,
        },
        render: (props) => <DonationForm {...props} />,
      },
      GiftAidExplainer: {
        label: blockName('GiftAidExplainer'),
        fields: { heading: text('heading') },
        defaultProps: { heading: '' },
        render: (props) => <GiftAidExplainer {...props} />,
      },
      FundProgress: {
        label: blockName('FundProgress'),
        fields: {
          fund_id: fundField('fund', false),
          target: { ...text('target'), label: label('target') },
          show_gift_aid: yesNo('show_gift_aid'),
          heading: text('heading'),
        } as Fields<FundProgressProps>,
        defaultProps: {
          fund_id: funds[0]?.id ?? '',
          target: '1000.00',
          show_gift_aid: true,
          heading: '',
        },
        render: (props) => <FundProgress {...props} />,
      },
      Faq: {
        label: blockName('Faq'),
        fields: {
          heading: text('heading'),
          items: {
            type: 'array',
            label: label('items'),
            arrayFields: { question: text('question'), answer: textarea('answer') },
            defaultItemProps: { question: '', answer: '' },
            getItemSummary: (item) => item.question || label('question'),
          },
        },
        defaultProps: {
          heading: '',
          items: [
            {
              question: t('page_builder.defaults.question'),
              answer: t('page_builder.defaults.answer'),
            },
          ],
        },
        render: (props) => <Faq {...props} />,
      },
      CallToAction: {
        label: blockName('CallToAction'),
        fields: {
          heading: text('heading'),
          text: textarea('text'),
          label: text('cta_label'),
          href: text('href'),
        },
        defaultProps: {
          heading: t('page_builder.defaults.heading'),
          text: '',
          label: t('page_builder.defaults.cta_label'),
          href: 'https://',
        },
        render: (props) => <CallToAction {...props} />,
      },
      Footer: {
        label: blockName('Footer'),
        fields: {
          text: textarea('text'),
          links: {
            type: 'array',
            label: label('links'),
            arrayFields: { label: text('link_label'), href: text('href') },
            defaultItemProps: { label: '', href: 'https://' },
            getItemSummary: (item) => item.label || label('link_label'),
          },
        },
        defaultProps: { text: '', links: [] },
        render: (props) => <Footer {...props} />,
      },
      Columns: {
        label: blockName('Columns'),
        fields: {
          layout: {
            type: 'select',
            label: label('layout'),
            options: (['1-1', '1-2', '2-1', '1-1-1'] as const).map((value) => ({
              label: value,
              value,
            })),
          },
          left: { ...nested, label: label('left') },
          middle: { ...nested, label: label('middle') },
          right: { ...nested, label: label('right') },
        },
        defaultProps: { layout: '1-1', left: [], middle: [], right: [] },
        render: ({ layout, left: Left, middle: Middle, right: Right }) => (
          <ColumnsView layout={layout} left={<Left />} middle={<Middle />} right={<Right />} />
        ),
      },
    },
  };
}
