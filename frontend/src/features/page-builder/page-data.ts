import type { Data } from '@puckeditor/core';
import type { PageData } from '@/public/pages/render/types';

/**
 * The page JSON the API keeps (`{root: {props}, content}`) from Puck's data, which also carries
 * its own bookkeeping (`zones` for the old drop zones, root fields of its own): anything else is
 * refused by the API's block schema, so only the contract's parts are sent.
 */
export function pageDataOf(data: Data): PageData {
  const title = (data.root?.props as { title?: unknown } | undefined)?.title;
  return {
    root: { props: typeof title === 'string' ? { title } : {} },
    content: data.content as unknown as PageData['content'],
  };
}
