import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../markdown';

const show = (body: string) => render(<div data-testid="md">{renderMarkdown(body)}</div>);

describe('the rich text markdown subset', () => {
  it('makes headings, paragraphs, lists, bold and italic', () => {
    show(
      '## Why it matters\n\nWe feed **200 families** a *week*.\nEvery week.\n\n- Food\n- Warmth',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeVisible();
    expect(screen.getByText('200 families').tagName).toBe('STRONG');
    expect(screen.getByText('week').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Food',
      'Warmth',
    ]);
    expect(screen.getByTestId('md').querySelectorAll('p')).toHaveLength(1);
    expect(screen.getByTestId('md').querySelector('br')).not.toBeNull();
  });

  it('renders https and mailto links as links and any other link as plain text', () => {
    show(
      'See [our report](https://example.org/report), [write](mailto:hi@example.org), ' +
        '[click](javascript:alert(1)) and [old](http://example.org).',
    );
    expect(screen.getByRole('link', { name: 'our report' })).toHaveAttribute(
      'href',
      'https://example.org/report',
    );
    expect(screen.getByRole('link', { name: 'write' })).toHaveAttribute(
      'href',
      'mailto:hi@example.org',
    );
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'old' })).toBeNull();
    expect(screen.getByTestId('md')).toHaveTextContent('click');
    expect(screen.getByTestId('md').innerHTML).not.toContain('javascript:');
  });

  it('shows HTML in the text as text, never as markup', () => {
    show('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    const md = screen.getByTestId('md');
    expect(md.querySelector('img')).toBeNull();
    expect(md.querySelector('script')).toBeNull();
    expect(md).toHaveTextContent('<script>alert(1)</script>');
  });
});
