import { createContext, useContext } from 'react';
import type { RenderContext } from './types';

export const EMPTY_CONTEXT: RenderContext = {
  locale: 'en',
  pageId: '',
  charity: { name: '', registration_number: null },
  images: {},
  funds: {},
  giving: null,
};

export const PageRenderContext = createContext<RenderContext>(EMPTY_CONTEXT);

/** The facts of the page being rendered (images, funds, giving) for its blocks. */
export const usePageContext = () => useContext(PageRenderContext);
