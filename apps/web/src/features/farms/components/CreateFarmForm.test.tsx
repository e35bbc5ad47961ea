import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/i18n';
import { farm, installFakeFetch } from '@/test/fake-fetch';
import { CreateFarmForm } from './CreateFarmForm';

describe('create farm form', () => {
  it('validates with the shared schema next to the fields', () => {
    const requests = installFakeFetch({});
    render(<CreateFarmForm onCreated={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create farm' }));
    expect(screen.getByLabelText('Farm name')).toHaveAccessibleDescription(
      'Enter the farm name (at least 2 characters)',
    );
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription(
      'Enter where the farm is, e.g. a village or town',
    );
    expect(screen.getByLabelText('Farm type')).toHaveAccessibleDescription('Choose the kind of farm');
    expect(requests).toHaveLength(0);
  });

  it('posts the farm and hands the created farm on; server field errors show next to the field', async () => {
    const created = farm('01900000-0000-7000-8000-00000000000a', 'Green Acres');
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Some fields need attention',
          fields: { name: 'You already have a farm with this name' },
        },
      },
    };
    const requests = installFakeFetch({ 'POST /api/farms': () => answer });
    const onCreated = vi.fn();
    render(<CreateFarmForm onCreated={onCreated} />);
    fireEvent.change(screen.getByLabelText('Farm name'), { target: { value: 'Green Acres' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Umuahia' } });
    fireEvent.change(screen.getByLabelText('Farm type'), { target: { value: 'poultry' } });
    // The kinds of farm read in words (their names live in the dashboard's catalogue).
    expect(screen.getByRole('option', { name: 'Poultry' })).toHaveProperty('selected', true);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create farm' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Farm name')).toHaveAccessibleDescription(
        'You already have a farm with this name',
      ),
    );

    answer = { status: 201, body: created };
    fireEvent.click(screen.getByRole('button', { name: 'Create farm' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(requests[1]?.body).toMatchObject({
      name: 'Green Acres',
      location: 'Umuahia',
      farm_type: 'poultry',
      size: 2.5,
      size_unit: 'hectare',
      timezone: 'Africa/Lagos',
    });
  });
});
