import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { parseOrigins, WidgetCard, widgetEmbedCode } from '../WidgetCard';

const ALMONER = 'https://app.almoner.example';
const WINTER = {
  id: 'p1',
  title: 'Winter <Appeal>',
  slug: 'winter',
  public_url: '/p/hope-trust/winter',
};

describe('the donation widget on Website Integration', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('gives each published page its embed code (script, element, noscript link) to copy', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/pages/embed-settings')
        return { body: { origins: ['https://www.hope.org.uk'] } };
      if (call.url.pathname === '/api/pages') return { body: { data: [WINTER], meta: {} } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetCard origin={ALMONER} />);
    expect(await screen.findByTestId('widget-origins')).toHaveTextContent(
      'https://www.hope.org.uk',
    );
    const block = await screen.findByTestId('widget-page-winter');
    const code = within(block).getByLabelText('Embed code for “Winter <Appeal>”');
    expect(code).toHaveValue(
      [
        `<script src="${ALMONER}/widget.js" async></script>`,
        '<almoner-donate page="hope-trust/winter" mode="inline"></almoner-donate>',
        `<noscript><a href="${ALMONER}/p/hope-trust/winter">Winter &lt;Appeal&gt;</a></noscript>`,
      ].join('\n'),
    );
    await user.selectOptions(within(block).getByLabelText('Show as'), 'button');
    expect((code as HTMLTextAreaElement).value).toContain(
      '<almoner-donate page="hope-trust/winter" mode="button" label="Winter &lt;Appeal&gt;"></almoner-donate>',
    );
    await user.click(
      within(block).getByRole('button', { name: 'Copy the embed code for “Winter <Appeal>”' }),
    );
    expect(await navigator.clipboard.readText()).toContain('mode="button"');
    const pagesCall = calls.find((call) => call.url.pathname === '/api/pages');
    expect(JSON.parse(pagesCall?.url.searchParams.get('filters') ?? '{}')).toEqual({
      status: 'published',
    });
  });

  it('edits the allowed websites, naming each refused one', async () => {
    const refused = 'Enter a website address like https://www.example.org.';
    let saved: unknown = null;
    mockApi((call) => {
      if (call.url.pathname === '/api/pages/embed-settings' && call.method === 'PUT') {
        const origins = (call.body as { origins: string[] }).origins;
        if (origins.includes('http://hope.org.uk'))
          return { status: 422, body: { message: 'Invalid', errors: { 'origins.1': [refused] } } };
        saved = call.body;
        return { body: { origins } };
      }
      if (call.url.pathname === '/api/pages/embed-settings') return { body: { origins: [] } };
      if (call.url.pathname === '/api/pages') return { body: { data: [], meta: {} } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetCard origin={ALMONER} />);
    expect(await screen.findByTestId('widget-origins')).toHaveTextContent(
      'None yet: add your website first.',
    );
    expect(screen.getByText('Publish a landing page to get its embed code.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit websites' }));
    const field = screen.getByLabelText('Websites allowed to show the widget');
    await user.type(field, 'https://www.hope.org.uk{enter}http://hope.org.uk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`http://hope.org.uk: ${refused}`)).toBeVisible();
    await user.clear(field);
    await user.type(field, 'https://www.hope.org.uk{enter}{enter}http://localhost:8080');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('widget-origins')).toHaveTextContent(
      'https://www.hope.org.uk, http://localhost:8080',
    );
    expect(saved).toEqual({ origins: ['https://www.hope.org.uk', 'http://localhost:8080'] });
  });

  it('reads one origin per line, ignoring blanks', () => {
    expect(parseOrigins(' https://a.org \n\nhttps://b.org,https://c.org ')).toEqual([
      'https://a.org',
      'https://b.org',
      'https://c.org',
    ]);
    expect(widgetEmbedCode(ALMONER, WINTER, 'inline')).toContain(`${ALMONER}/widget.js`);
  });
});
