import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CareProgramme } from '@gona/shared/livestock';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CareProgrammeEditor } from './CareProgrammeEditor';

const URL = `/api/farms/${FARM_ID}/care-programmes/broiler`;
const BROILER: CareProgramme = {
  key: 'broiler',
  name: 'Broiler vaccinations',
  species: ['chicken_broiler'],
  counts_from: 'birth',
  note: 'Days count from hatching.',
  source: { title: 'Broiler schedules', organisation: 'Poultry Farm Guide', year: null, url: null },
  customised: false,
  version: 0,
  steps: [
    {
      key: 'nd_ib_1',
      offset_days: 7,
      kind: 'vaccination',
      title: 'Newcastle + IB, 1st dose',
      notes: null,
      rrule: null,
    },
    {
      key: 'ibd_1',
      offset_days: 14,
      kind: 'vaccination',
      title: 'Gumboro, 1st dose',
      notes: null,
      rrule: null,
    },
  ],
};

describe("a farm's own care programme", () => {
  it('changes a day, removes a step, refuses a step without words, and saves the rest for this farm', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`PUT ${URL}`]: (request) => {
        sent.push(request);
        return { status: 200, body: { ...BROILER, customised: true, version: 1 } };
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<CareProgrammeEditor farmId={FARM_ID} programme={BROILER} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Broiler vaccinations on your farm' });
    fireEvent.change(within(dialog).getAllByLabelText('Day of age')[0]!, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove step 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a step' }));
    fireEvent.change(within(dialog).getAllByLabelText('Day of age')[1]!, { target: { value: '21' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save for this farm' }));
    expect(await within(dialog).findByText('Say what is given or done, e.g. Gumboro vaccine')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(within(dialog).getAllByLabelText('What is given or done')[1]!, {
      target: { value: 'Gumboro, vet’s schedule' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save for this farm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      version: 0,
      steps: [
        {
          key: 'nd_ib_1',
          offset_days: 5,
          kind: 'vaccination',
          title: 'Newcastle + IB, 1st dose',
          notes: null,
          rrule: null,
        },
        {
          key: 'farm_1',
          offset_days: 21,
          kind: 'vaccination',
          title: 'Gumboro, vet’s schedule',
          notes: null,
          rrule: null,
        },
      ],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps what was typed and says so when someone saved it meanwhile', async () => {
    installFakeFetch({
      [`PUT ${URL}`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'Someone changed this programme meanwhile. Look at it again.' },
        },
      },
    });
    renderWithProviders(<CareProgrammeEditor farmId={FARM_ID} programme={BROILER} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Broiler vaccinations on your farm' });
    fireEvent.change(within(dialog).getAllByLabelText('Day of age')[0]!, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save for this farm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone changed this programme meanwhile',
    );
    expect(within(dialog).getAllByLabelText('Day of age')[0]).toHaveValue('6');
  });
});
