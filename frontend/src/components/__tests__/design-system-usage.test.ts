import { describe, expect, it } from 'vitest';

/**
 * Issue 14 §4: every screen uses the design system. A feature file may not hand-build a page
 * title (`<h1>`, `page-header`), a card surface (`card` class), a button of its own
 * (`<button className="button…">`) or a link dressed as a button (`<Link className="button…">`):
 * those go through PageHeader, Card, Button and ButtonLink.
 */
const sources = import.meta.glob<string>(['/src/features/**/*.tsx', '!**/__tests__/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The class strings of a source: className="…", className={`…`} and className={'…'}. */
function classNames(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/className=(?:"([^"]*)"|\{\s*[`'"]([^`'"]*)[`'"]\s*\})/g)) {
    found.push(match[1] ?? match[2] ?? '');
  }
  return found;
}

function hasToken(classes: string, token: string): boolean {
  return classes.split(/\s+/).includes(token);
}

/** `<Link …className="button…">` across lines (a Link's props hold no `>` but in arrows). */
const LINK_AS_BUTTON = /<Link\b(?:[^>]|=>)*?className=(?:"|\{\s*[`'"])button\b/;
/** `<button …className="button…">`: the Button component gives the classes, type and busy state. */
const OWN_BUTTON = /<button\b(?:[^>]|=>)*?className=(?:"|\{\s*[`'"])button\b/;

function violations(path: string, source: string): string[] {
  const found: string[] = [];
  if (/<h1[\s>]/.test(source)) found.push(`${path}: <h1> (use PageHeader)`);
  for (const classes of classNames(source)) {
    if (hasToken(classes, 'page-header')) found.push(`${path}: page-header (use PageHeader)`);
    if (hasToken(classes, 'card')) found.push(`${path}: "${classes}" (use Card)`);
  }
  if (LINK_AS_BUTTON.test(source))
    found.push(`${path}: <Link className="button"> (use ButtonLink)`);
  if (OWN_BUTTON.test(source)) found.push(`${path}: <button className="button"> (use Button)`);
  return found;
}

describe('screens use the design system', () => {
  it('the scan sees the feature files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('the scan catches each hand-built surface', () => {
    expect(violations('x', '<h1>{title}</h1>')).toHaveLength(1);
    expect(violations('x', '<div className="page-header">')).toHaveLength(1);
    expect(violations('x', '<form\n  className="card form-card"\n  noValidate>')).toHaveLength(1);
    expect(violations('x', '<article className={`legal-page card`}>')).toHaveLength(1);
    expect(
      violations('x', '<Link\n  to={pathFor("x")}\n  className="button button--primary">'),
    ).toHaveLength(1);
    expect(
      violations('x', '<Card className="form-card" /><div className="card__header" />'),
    ).toEqual([]);
    expect(
      violations(
        'x',
        '<button\n  type="button"\n  className="button button--danger"\n  onClick={() => go()}>',
      ),
    ).toHaveLength(1);
    expect(violations('x', '<ButtonLink variant="primary" to="/">Home</ButtonLink>')).toEqual([]);
    expect(violations('x', '<Button variant="danger" onClick={() => go()}>Undo</Button>')).toEqual(
      [],
    );
  });

  it('no feature file hand-builds a page title, a card, a button or a button-styled link', () => {
    const found = Object.entries(sources).flatMap(([path, source]) => violations(path, source));
    expect(found).toEqual([]);
  });
});
