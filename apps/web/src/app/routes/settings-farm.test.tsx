import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const A = '01900000-0000-7000-8000-00000000000a';
const GREEN = farm(A, 'Green Acres');
const FARM = `GET /api/farms/${A}`;

describe('farm settings screen', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says the farm could not be loaded, with the reason and Try again, when the server is away', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 503,
      body: {
        error: { code: 'UNAVAILABLE', message: 'Gona cannot reach its database. Try again in a moment.' },
      },
    };
    installFakeFetch({ ...signedInRoutes([GREEN]), [FARM]: () => answer });
    renderAt(`/dashboard/settings/farms/${A}`);
    expect(
      await screen.findByRole('heading', { name: "The farm's details could not be loaded" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Gona cannot reach its database. Try again in a moment.')).toBeInTheDocument();
    expect(
      screen.queryByText('This farm does not exist, or you are not a member of it.'),
    ).not.toBeInTheDocument();

    answer = { status: 200, body: GREEN };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Farm name')).toHaveValue('Green Acres');
  });

  it('says it needs a connection when opened offline with no saved copy, instead of loading for ever', async () => {
    installFakeFetch({ ...signedInRoutes([GREEN]) });
    onlineManager.setOnline(false);
    renderAt(`/dashboard/settings/farms/${A}`);
    expect(
      await screen.findByText('Cannot reach Gona. Check your connection and try again.'),
    ).toBeInTheDocument();
  });
});
