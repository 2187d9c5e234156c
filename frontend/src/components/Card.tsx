import type { FormHTMLAttributes, ReactNode } from 'react';

/** The elements a card may be: a plain box, a labelled section, a form, a chart figure… */
export type CardElement = 'section' | 'div' | 'form' | 'figure' | 'article' | 'fieldset' | 'main';

interface CardProps extends Omit<FormHTMLAttributes<HTMLElement>, 'title'> {
  /** The element (default `section`); screens keep the element their tests and roles rely on. */
  as?: CardElement;
  title?: ReactNode;
  /** The title's id; the card is then labelled by its title (a named region). */
  titleId?: string;
  /** The title's heading level (default 2). */
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  footer?: ReactNode;
  /** `data-testid` of the card. */
  testId?: string;
  /** Modifiers after `card`, e.g. `form-card` (narrow form), `data-table`, `table-scroll`. */
  className?: string;
}

/** A surface with an optional title row (title left, actions right) and footer. */
export function Card({
  as: Element = 'section',
  title,
  titleId,
  headingLevel = 2,
  actions,
  footer,
  testId,
  className,
  children,
  'aria-labelledby': labelledBy,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <Element
      {...rest}
      className={className ? `card ${className}` : 'card'}
      data-testid={testId}
      aria-labelledby={labelledBy ?? (title && titleId ? titleId : undefined)}
    >
      {(title || actions) && (
        <header className="card__header">
          {title && <Heading id={titleId}>{title}</Heading>}
          {actions && <div className="inline-actions">{actions}</div>}
        </header>
      )}
      {children}
      {footer && <footer className="card__footer">{footer}</footer>}
    </Element>
  );
}
