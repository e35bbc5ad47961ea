import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { AdminHelpFeedbackSchema, HelpArticleListSchema, HelpSearchAnswerSchema } from '@gona/shared/help';
import { paths } from '@/lib/paths';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { aMe, FARM_ID } from '@/test/fixtures';
import { renderAt, renderWithProviders } from '@/test/render';
import { HelpLink } from '@/components/ui/HelpLink';

const ARTICLES = HelpArticleListSchema.parse({
  items: [
    {
      slug: 'sale-on-credit',
      title: 'How do sales on credit work?',
      description: 'Record it now, get paid later.',
    },
    {
      slug: 'offline',
      title: 'How does Gona work without network?',
      description: 'What waits on your phone.',
    },
  ],
});
const FOUND = HelpSearchAnswerSchema.parse({ items: [{ ...ARTICLES.items[0], rank: 0.4 }] });

describe('help in the dashboard', () => {
  it('lists the articles, searches them by what is typed and links each to its page', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([farm(FARM_ID, 'Green Acres')]),
      'GET /api/help/articles': { status: 200, body: ARTICLES },
      'GET /api/help/search?q=buyer%20owes': { status: 200, body: FOUND },
      'GET /api/help/search?q=zzz': { status: 200, body: { items: [] } },
    });
    renderAt(paths.help);
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    const all = await screen.findByRole('region', { name: 'All articles' });
    expect(
      await within(all).findByRole('link', { name: 'How does Gona work without network?' }),
    ).toHaveAttribute('href', '/help/offline');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the help' }), {
      target: { value: 'buyer owes' },
    });
    const results = await screen.findByRole('region', { name: 'Articles that match' });
    expect(
      await within(results).findByRole('link', { name: 'How do sales on credit work?' }),
    ).toHaveAttribute('href', '/help/sale-on-credit');
    expect(requests.filter((r) => r.path.startsWith('/api/help/search'))).toHaveLength(1);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the help' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText(/No article matches these words/)).toBeInTheDocument();
  });
});

describe('HelpLink', () => {
  it('opens the article in a new tab, so a form being filled stays', () => {
    renderWithProviders(<HelpLink slug="sale-on-credit">How do sales on credit work?</HelpLink>);
    const link = screen.getByRole('link', { name: 'How do sales on credit work?' });
    expect(link).toHaveAttribute('href', '/help/sale-on-credit');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('the back office', () => {
  it('shows each article with its yes and no counts', async () => {
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
      'GET /api/admin/help/feedback': {
        status: 200,
        body: AdminHelpFeedbackSchema.parse({
          items: [
            { slug: 'offline', title: 'How does Gona work without network?', helpful: 1, not_helpful: 4 },
          ],
        }),
      },
    });
    renderAt('/admin/help');
    expect(await screen.findByRole('heading', { name: 'Help articles' })).toBeInTheDocument();
    expect(await screen.findByText('Yes 1 · No 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How does Gona work without network?' })).toHaveAttribute(
      'href',
      '/help/offline',
    );
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  });
});
