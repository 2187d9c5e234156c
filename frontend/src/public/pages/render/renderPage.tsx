import type { i18n as I18n } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createPublicI18n, type PublicLocale } from '@/public/give/i18n';
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
} from './blocks';
import { PageRenderContext } from './context';
import { DonationForm } from './DonationFormBlock';
import type { Block, BlockPropsByType, BlockType, PageData, RenderContext } from './types';
import './pages.css';

/** Each block type's component, except Columns (which renders nested blocks). */
export const BLOCK_COMPONENTS: {
  [K in Exclude<BlockType, 'Columns'>]: ComponentType<BlockPropsByType[K]>;
} = {
  Hero,
  RichText,
  Image,
  Video,
  DonationForm,
  GiftAidExplainer,
  FundProgress,
  Faq,
  CallToAction,
  Footer,
};

/** One block; an unknown type (never saved by the API, but old JSON may hold one) renders nothing. */
export function renderBlock(block: Block): ReactNode {
  if (block.type === 'Columns') {
    const { layout, left, middle, right } = block.props;
    return (
      <ColumnsView
        key={block.props.id}
        layout={layout}
        left={renderBlocks(left)}
        middle={renderBlocks(middle)}
        right={renderBlocks(right)}
      />
    );
  }
  const Component = BLOCK_COMPONENTS[block.type] as ComponentType<object> | undefined;
  return Component ? <Component key={block.props.id} {...block.props} /> : null;
}

export function renderBlocks(blocks: Block[] | undefined): ReactNode {
  return (blocks ?? []).map(renderBlock);
}

const instances = new Map<PublicLocale, I18n>();

/** The public strings in the page's own language (not the editor's), one instance per language. */
export function pageI18n(locale: PublicLocale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createPublicI18n(locale);
    instances.set(locale, instance);
  }
  return instance;
}

/** The page's facts and strings around some rendered content (the builder wraps Puck's preview). */
export function PageFrame({ context, children }: { context: RenderContext; children: ReactNode }) {
  return (
    <I18nextProvider i18n={pageI18n(context.locale)}>
      <PageRenderContext.Provider value={context}>
        <div className="pb-page" lang={context.locale}>
          {children}
        </div>
      </PageRenderContext.Provider>
    </I18nextProvider>
  );
}

/** A page's JSON rendered with its facts: the published page and the builder's preview. */
export function renderPage(data: PageData, context: RenderContext): ReactNode {
  return <PageFrame context={context}>{renderBlocks(data.content)}</PageFrame>;
}
