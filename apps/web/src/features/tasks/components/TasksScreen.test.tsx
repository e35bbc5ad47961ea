import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TodayTasksSchema, type TodayTasks } from '@gona/shared/tasks';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { aTask, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { TasksScreen } from './TasksScreen';
import { TasksAbout } from './TasksAbout';

const BASE = `/api/farms/${FARM_ID}/tasks`;
const FEED = aTask();
const SPRAY = aTask({
  id: anId(0x7b),
  title: 'Top-dress the maize with urea',
  type: 'fertilizer_application',
  priority: 'high',
  supply: { id: anId(0x5a), name: 'Urea', unit: 'bag_50kg' },
  assignees: [{ id: anId(0x5b), name: 'Bola Adeyemi', has_account: true }],
});

function today(items = [FEED, SPRAY]): TodayTasks {
  return {
    today: '2026-11-24',
    overdue: { items: [], total: 0 },
    due_today: { items, total: items.length },
    upcoming: { items: [], total: 0 },
  };
}

describe('the Tasks screen', () => {
  it('opens on my own tasks for a worker, and ticks one done in one tap', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${BASE}/today?mine=true`]: { status: 200, body: today() },
      [`POST ${BASE}/${FEED.id}/complete`]: (request) => {
        sent.push(request);
        return { status: 200, body: { ...FEED, status: 'done' } };
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="worker" />);
    expect(await screen.findByRole('checkbox', { name: 'Only my tasks' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Add task' })).toBeNull();
    const section = await screen.findByRole('region', { name: 'Today (2)' });
    expect(within(section).getByText('Bola Adeyemi', { exact: false })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Mark Feed the layers as done' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.map((request) => request.body)).toEqual([{ records: [] }]);
  });

  it('records the stock a task used when it is marked done from its details', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${BASE}/today`]: { status: 200, body: today() },
      [`GET ${BASE}/${SPRAY.id}`]: { status: 200, body: { ...SPRAY, photos: [] } },
      [`POST ${BASE}/${SPRAY.id}/complete`]: (request) => {
        sent.push(request);
        return { status: 200, body: { ...SPRAY, status: 'done' } };
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="manager" />);
    expect(await screen.findByRole('checkbox', { name: 'Only my tasks' })).not.toBeChecked();
    fireEvent.click(await screen.findByText('Top-dress the maize with urea'));
    const dialog = await screen.findByRole('dialog', { name: 'Top-dress the maize with urea' });
    fireEvent.change(await within(dialog).findByLabelText('How much Urea was used? (optional)'), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.map((request) => request.body)).toEqual([
      { records: [{ kind: 'stock_use', supply_id: SPRAY.supply!.id, quantity: '2' }] },
    ]);
  });
});

describe('the next 7 days', () => {
  const SERIES = anId(0x7e);
  const DAILY = aTask({
    id: anId(0x7f),
    due_date: '2026-11-25',
    series_id: SERIES,
    rrule: 'FREQ=DAILY',
  });
  const FENCE = aTask({
    id: anId(0x80),
    title: 'Fix the fence',
    type: 'maintenance',
    due_date: '2026-11-27',
  });
  const NEXT_DAYS = TodayTasksSchema.parse({
    ...today([]),
    upcoming: {
      items: [
        { ...DAILY, series_days: 7 },
        { ...FENCE, series_days: 1 },
      ],
      total: 8,
    },
  });

  afterEach(() => onlineManager.setOnline(true));

  it('shows a daily task once with the days it repeats, and ticks that day done offline in one tap', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${BASE}/today?mine=true`]: { status: 200, body: NEXT_DAYS },
      [`POST ${BASE}/${DAILY.id}/complete`]: (request) => {
        sent.push(request);
        return { status: 200, body: { ...DAILY, status: 'done' } };
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="worker" />);
    const section = await screen.findByRole('region', { name: 'Next 7 days (8)' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Feed the layers')).toBeTruthy();
    expect(within(rows[0]!).getByText('Due 25/11/2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Repeats on 6 more days this week')).toBeTruthy();
    expect(within(rows[1]!).getByText('Fix the fence')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/Repeats/)).toBeNull();
    expect(within(section).queryByText(/^and \d+ more$/)).toBeNull();

    onlineManager.setOnline(false);
    const tick = within(section).getByRole('button', { name: 'Mark Feed the layers as done' });
    fireEvent.click(tick);
    await waitFor(() => expect(tick).toHaveAttribute('aria-pressed', 'true'));
    expect(within(rows[0]!).getByText('Waiting to send')).toBeTruthy();
    expect(within(rows[0]!).getByText('Repeats on 6 more days this week')).toBeTruthy();
    expect(sent).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ records: [] });
  });

  it('counts the tasks the rows leave out, a repeating row standing for its days', async () => {
    installFakeFetch({
      [`GET ${BASE}/today`]: {
        status: 200,
        body: { ...NEXT_DAYS, upcoming: { ...NEXT_DAYS.upcoming, total: 11 } },
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="manager" />);
    const section = await screen.findByRole('region', { name: 'Next 7 days (11)' });
    expect(within(section).getByText('and 3 more')).toBeTruthy();
  });
});

describe('a vaccination of a flock', () => {
  const VACCINE = aTask({
    id: anId(0x7c),
    title: 'Gumboro (IBD) vaccine, 1st dose',
    type: 'vaccination',
    livestock: { id: anId(0x7d), name: 'Broilers batch 3' },
  });

  it('goes into the flock’s health records when ticked in one tap, and can be left out from its details', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${BASE}/today`]: { status: 200, body: today([VACCINE, FEED]) },
      [`GET ${BASE}/${VACCINE.id}`]: { status: 200, body: { ...VACCINE, photos: [] } },
      [`POST ${BASE}/${VACCINE.id}/complete`]: (request) => {
        sent.push(request);
        return { status: 200, body: { ...VACCINE, status: 'done' } };
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="manager" />);
    const section = await screen.findByRole('region', { name: 'Today (2)' });
    expect(within(section).getByText('· Broilers batch 3')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: `Mark ${VACCINE.title} as done` }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ records: [{ kind: 'livestock_health' }] });

    fireEvent.click(within(section).getByText(VACCINE.title));
    const dialog = await screen.findByRole('dialog', { name: VACCINE.title });
    const health = await within(dialog).findByRole('checkbox', {
      name: "Write it in Broilers batch 3's health records",
    });
    expect(health).toBeChecked();
    fireEvent.click(health);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ records: [] });
  });
});

describe('planning', () => {
  it('puts a routine plan into the tasks from the farm’s today', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${BASE}/today`]: { status: 200, body: today([]) },
      [`POST ${BASE}/schedule`]: (request) => {
        sent.push(request);
        return { status: 200, body: { created: 1, existing: 0 } };
      },
    });
    renderWithProviders(<TasksScreen farmId={FARM_ID} role="owner" />);
    expect(await screen.findByRole('heading', { name: 'Nothing to do today' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plan from a list' }));
    const dialog = await screen.findByRole('dialog', { name: "Plan the farm's routine work" });
    fireEvent.click(within(dialog).getByLabelText(/^Stock take, every month/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to tasks' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ template: 'stock_take', anchor: '2026-11-24', assignee_ids: [] });
  });
});

describe('a record’s tasks', () => {
  it('lists the open tasks about a supply with their day and people', async () => {
    installFakeFetch({
      [`GET ${BASE}/about?supply_id=${SPRAY.supply!.id}`]: {
        status: 200,
        body: { open: [SPRAY], closed: [] },
      },
    });
    renderWithProviders(
      <TasksAbout farmId={FARM_ID} about={{ supply_id: SPRAY.supply!.id }} tasksPath="/dashboard/tasks" />,
    );
    expect(await screen.findByText('Top-dress the maize with urea')).toBeTruthy();
    expect(screen.getByText('Due 24/11/2026 · Bola Adeyemi')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Open the farm's tasks" })).toHaveAttribute(
      'href',
      '/dashboard/tasks',
    );
  });
});
