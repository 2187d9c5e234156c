import { Fragment, type ReactNode } from 'react';

/**
 * The RichText block's markdown subset (contract: paragraphs separated by blank lines, `## `
 * headings, `- ` list items, **bold**, *italic*, [text](url)) turned into React elements. Never
 * HTML: text stays text, and a link whose URL is not https: or mailto: renders as its plain text.
 */

export function isSafeHref(href: string): boolean {
  return /^https:\/\/[^\s]+$/i.test(href) || /^mailto:[^\s]+$/i.test(href);
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]*)\)/g;

/** Bold, italic and links inside one line of text. */
export function parseInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${keyPrefix}-${index++}`;
    const [, bold, italic, label, href] = match;
    if (bold !== undefined) out.push(<strong key={key}>{parseInline(bold, key)}</strong>);
    else if (italic !== undefined) out.push(<em key={key}>{parseInline(italic, key)}</em>);
    else if (label !== undefined && href !== undefined && isSafeHref(href)) {
      out.push(
        <a key={key} href={href} rel="noopener noreferrer">
          {parseInline(label, key)}
        </a>,
      );
    } else out.push(<Fragment key={key}>{label ?? match[0]}</Fragment>);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Blocks: a `## ` line is a heading, consecutive `- ` lines a list, other lines a paragraph
 * (lines of one paragraph joined with a line break). */
export function renderMarkdown(body: string): ReactNode[] {
  const out: ReactNode[] = [];
  const chunks = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  chunks.forEach((chunk, chunkIndex) => {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let list: string[] = [];
    let part = 0;
    const key = () => `b${chunkIndex}-${part++}`;
    const flushParagraph = () => {
      if (!paragraph.length) return;
      const k = key();
      out.push(
        <p key={k}>
          {paragraph.map((line, n) => (
            <Fragment key={n}>
              {n > 0 && <br />}
              {parseInline(line.trim(), `${k}-${n}`)}
            </Fragment>
          ))}
        </p>,
      );
      paragraph = [];
    };
    const flushList = () => {
      if (!list.length) return;
      const k = key();
      out.push(
        <ul key={k}>
          {list.map((item, n) => (
            <li key={n}>{parseInline(item, `${k}-${n}`)}</li>
          ))}
        </ul>,
      );
      list = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flushParagraph();
        flushList();
        const k = key();
        out.push(<h2 key={k}>{parseInline(line.slice(3).trim(), k)}</h2>);
      } else if (line.startsWith('- ')) {
        flushParagraph();
        list.push(line.slice(2).trim());
      } else {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  });
  return out;
}
