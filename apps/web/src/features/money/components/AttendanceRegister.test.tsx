import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { AttendanceDay, AttendanceRow, CasualLabour } from '@gona/shared/finance';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { todayOnFarm } from '@/lib/format';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { AttendanceRegister } from './AttendanceRegister';

const ATTENDANCE = `/api/farms/${FARM_ID}/attendance`;
const TODAY = todayOnFarm();
const LONG_NAME = 'Oluwaseunfunmilayo Adebayo-Okonkwo';

function person(n: number, name: string, status: AttendanceRow['status'] = null): AttendanceRow {
  return { staff_id: anId(n), name, job: 'poultry_attendant', pay_period: 'day', status };
}

const CASUAL: CasualLabour = {
  id: anId(0xc1),
  date: TODAY,
  headcount: 8,
  rate_kobo: 250_000,
  amount_kobo: 2_000_000,
  description: 'Weeding the maize',
  crop_id: anId(0xc9),
  animal_id: null,
  enterprise_name: 'Maize',
  pay_run_id: null,
  created_at: '2026-11-12T08:00:00.000Z',
};

function aDay(staff: AttendanceRow[], casual: CasualLabour[] = []): AttendanceDay {
  return { date: TODAY, staff, casual };
}

const DAY = aDay(
  [person(1, 'Ada Bello', 'present'), person(2, 'Musa Ibrahim'), person(3, LONG_NAME)],
  [CASUAL],
);

/** The register on a data router, as the money screen shows it (its leave guard needs one). */
function renderRegister(writer = true) {
  return renderAt('/wages', [
    {
      path: '/wages',
      element: (
        <>
          <AttendanceRegister farmId={FARM_ID} writer={writer} />
          <AppToaster />
        </>
      ),
    },
  ]);
}

/** The PUT answers the day as the server would after saving the marks it was sent. */
function savingRoutes(day: AttendanceDay) {
  return {
    [`GET ${ATTENDANCE}`]: { status: 200, body: day },
    [`PUT ${ATTENDANCE}`]: (request: FakeRequest) => {
      const { marks } = request.body as { marks: { staff_id: string; status: AttendanceRow['status'] }[] };
      const staff = day.staff.map((row) => {
        const mark = marks.find((m) => m.staff_id === row.staff_id);
        return mark ? { ...row, status: mark.status } : row;
      });
      return { status: 200, body: { ...day, staff } };
    },
  };
}

const rowOf = (name: string) => screen.getByRole('radiogroup', { name });
const choose = (name: string, status: string) =>
  fireEvent.click(within(rowOf(name)).getByRole('radio', { name: status }));
const saveButton = () => screen.getByRole('button', { name: 'Save attendance' });

describe('AttendanceRegister', () => {
  beforeAll(() => loadNamespaces(['money']));
  afterEach(() => onlineManager.setOnline(true));

  it('sends only the marks that changed, in one save, and says it saved', async () => {
    const requests = installFakeFetch(savingRoutes(DAY));
    renderRegister();
    await screen.findByRole('radiogroup', { name: 'Musa Ibrahim' });
    expect(within(rowOf('Ada Bello')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(screen.getByTestId('attendance-summary')).toHaveTextContent(
      '1 present · 0 half day · 0 absent · 2 not marked',
    );
    expect(saveButton()).toBeDisabled();

    // Choosing Ada's own mark again is no change; Musa absent, then everyone left unmarked present.
    choose('Ada Bello', 'Present');
    choose('Musa Ibrahim', 'Absent');
    fireEvent.click(screen.getByRole('button', { name: 'Mark everyone present' }));
    expect(within(rowOf(LONG_NAME)).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(within(rowOf('Musa Ibrahim')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(screen.getByText('2 changes not saved')).toBeInTheDocument();
    fireEvent.click(saveButton());

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({
      date: TODAY,
      marks: [
        { staff_id: anId(2), status: 'absent' },
        { staff_id: anId(3), status: 'present' },
      ],
    });
    expect(saveButton()).toBeDisabled();
    expect(screen.getByTestId('attendance-summary')).toHaveTextContent(
      '2 present · 0 half day · 1 absent · 0 not marked',
    );
  });

  it('keeps the marks on the screen when the save fails or there is no connection', async () => {
    const requests = installFakeFetch({
      [`GET ${ATTENDANCE}`]: { status: 200, body: DAY },
      [`PUT ${ATTENDANCE}`]: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } },
      },
    });
    renderRegister();
    await screen.findByRole('radiogroup', { name: 'Musa Ibrahim' });
    choose('Musa Ibrahim', 'Half day');
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Attendance was not saved: An unexpected error occurred Your marks are still here.',
    );
    expect(within(rowOf('Musa Ibrahim')).getByRole('radio', { name: 'Half day' })).toBeChecked();
    expect(saveButton()).toBeEnabled();

    onlineManager.setOnline(false);
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Saving attendance needs a connection. Your marks stay on this screen',
    );
    expect(within(rowOf('Musa Ibrahim')).getByRole('radio', { name: 'Half day' })).toBeChecked();
    expect(screen.getByText('1 change not saved')).toBeInTheDocument();
    // Offline, nothing was sent: only the first attempt reached the network.
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('asks before moving to another day with marks not saved', async () => {
    const requests = installFakeFetch(savingRoutes(DAY));
    renderRegister();
    await screen.findByRole('radiogroup', { name: 'Musa Ibrahim' });
    choose('Musa Ibrahim', 'Absent');
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(within(rowOf('Musa Ibrahim')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(requests.filter((r) => r.path.startsWith(`${ATTENDANCE}?`)).map((r) => r.path)).toEqual([
      `${ATTENDANCE}?date=${TODAY}`,
    ]);
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('shows a viewer the marks and the casual labour, with nothing to change', async () => {
    installFakeFetch({ [`GET ${ATTENDANCE}`]: { status: 200, body: DAY } });
    renderRegister(false);
    const ada = await screen.findByTestId(`attendance-${anId(1)}`);
    expect(within(ada).getByText('Present')).toBeInTheDocument();
    expect(within(screen.getByTestId(`attendance-${anId(2)}`)).getByText('Not marked')).toBeInTheDocument();
    expect(screen.getByText('8 people × ₦2,500 = ₦20,000')).toBeInTheDocument();
    expect(screen.getByText('Maize')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    for (const name of ['Save attendance', 'Mark everyone present', 'Add casual labour', /Delete/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('deletes casual labour after asking, and says why when it is already in a pay run', async () => {
    const requests = installFakeFetch({
      [`GET ${ATTENDANCE}`]: { status: 200, body: DAY },
      [`DELETE /api/farms/${FARM_ID}/casual-labour/${CASUAL.id}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message:
              'This casual labour is in a pay run. Delete the pay run’s draft first, or change the expense it wrote.',
          },
        },
      },
    });
    renderRegister();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Weeding the maize (₦20,000)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this casual labour?' });
    expect(ask).toHaveTextContent('Weeding the maize: 8 people × ₦2,500 = ₦20,000');
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Not deleted: This casual labour is in a pay run/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
