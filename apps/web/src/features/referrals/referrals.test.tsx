import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MyReferralsSchema } from '@gona/shared/referrals';
import { paths } from '@/lib/paths';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const LINK = 'http://localhost:3000/signup?ref=abc123xyz0';

describe('invite a farmer', () => {
  it('shows the link, a ready message for WhatsApp and SMS, what the inviter gets and who joined', async () => {
    installFakeFetch({
      ...signedInRoutes([farm(FARM_ID, 'Green Acres')]),
      'GET /api/referrals': {
        status: 200,
        body: MyReferralsSchema.parse({
          code: 'abc123xyz0',
          link: LINK,
          joined: [
            { first_name: 'Ngozi', joined_at: '2026-11-20T09:00:00.000Z', rewarded: true },
            { first_name: 'Bello', joined_at: '2026-11-26T23:30:00.000Z', rewarded: false },
          ],
          months_earned: 1,
        }),
      },
    });
    renderAt(paths.inviteFarmer);
    expect(await screen.findByText(LINK)).toBeInTheDocument();
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const text = new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text');
    expect(text).toContain(LINK);
    expect(screen.getByRole('link', { name: 'Send by SMS' }).getAttribute('href')).toContain(
      encodeURIComponent(LINK),
    );
    expect(screen.getByRole('button', { name: 'Copy the message' })).toBeInTheDocument();
    expect(screen.getByText('You have earned 1 month of Gona Pro so far.')).toBeInTheDocument();
    const joined = screen.getByRole('region', { name: 'People who joined through your link' });
    expect(within(joined).getByText('Ngozi')).toBeInTheDocument();
    expect(within(joined).getByText('Joined 20/11/2026 · month of Pro given')).toBeInTheDocument();
    // 23:30 UTC is the next day in Lagos.
    expect(within(joined).getByText('Joined 27/11/2026')).toBeInTheDocument();
  });
});
