import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AdminSupportRequestSchema,
  SupportRequestSchema,
  type AdminSupportRequest,
  type SupportRequest,
} from '@gona/shared/support';
import { loadNamespaces } from '@/i18n';
import { paths, pathTo } from '@/lib/paths';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { aMe, anId, FARM_ID } from '@/test/fixtures';
import { renderAt, renderWithProviders } from '@/test/render';
import { RefusedSupportChange } from './components/RefusedSupportChange';

beforeAll(() => loadNamespaces(['support', 'dashboard']));

const REQUEST_ID = anId(0x5a);
const FARMS = [farm(FARM_ID, 'Green Acres')];

function aRequest(overrides: Partial<SupportRequest> = {}): SupportRequest {
  return SupportRequestSchema.parse({
    id: REQUEST_ID,
    topic: 'broken',
    state: 'waiting',
    priority: true,
    subject: 'The egg count will not save',
    created_at: '2026-11-26T08:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
    last_reply_at: '2026-11-26T10:00:00.000Z',
    reply_due_at: '2026-11-27T08:00:00.000Z',
    version: 2,
    farm_id: FARM_ID,
    farm_name: 'Green Acres',
    about: null,
    can_reply: true,
    messages: [
      {
        id: anId(0x61),
        from: 'person',
        author_name: 'Amaka Okafor',
        body: 'The egg count will not save on my phone.',
        attachments: [],
        created_at: '2026-11-26T08:00:00.000Z',
      },
      {
        id: anId(0x62),
        from: 'support',
        author_name: 'Gona support',
        body: 'Please update the app and try again.',
        attachments: [],
        created_at: '2026-11-26T10:00:00.000Z',
      },
    ],
    ...overrides,
  });
}

describe('/dashboard/support', () => {
  it('lists the person’s requests with where each stands and the honest targets', async () => {
    const { messages: _m, farm_id: _f, farm_name: _n, about: _a, can_reply: _c, ...summary } = aRequest();
    installFakeFetch({
      ...signedInRoutes(FARMS),
      'GET /api/support/requests': { status: 200, body: { items: [summary], next_cursor: null } },
    });
    renderAt(paths.support);
    const link = await screen.findByRole('link', { name: /The egg count will not save/ });
    expect(link).toHaveAttribute('href', pathTo(paths.supportRequest, { requestId: REQUEST_ID }));
    expect(within(link).getByText('Waiting for you')).toBeInTheDocument();
    expect(within(link).getByText('Priority')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pro farms get an answer within 1 working day, Free farms within 3 (Monday to Friday).',
      ),
    ).toBeInTheDocument();
  });

  it('shows matching help articles, then sends a new request with its topic and the selected farm, and opens it', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes(FARMS),
      'GET /api/marketplace/orders': { status: 200, body: { items: [], next_cursor: null } },
      'GET /api/help/search': {
        status: 200,
        body: {
          items: [
            {
              slug: 'working-offline',
              title: 'How Gona works offline',
              description: 'What you record without a connection is kept and sent later.',
              rank: 0.5,
            },
          ],
        },
      },
      'POST /api/support/requests': { status: 201, body: aRequest({ state: 'open', last_reply_at: null }) },
      [`GET /api/support/requests/${REQUEST_ID}`]: { status: 200, body: aRequest() },
    });
    renderAt(paths.supportNew);
    const send = await screen.findByRole('button', { name: 'Send request' });
    fireEvent.click(send);
    expect(await screen.findByText('Choose what it is about')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'broken' } });
    fireEvent.change(screen.getByLabelText(/What happened/), {
      target: { value: 'The egg count will not save on my phone.' },
    });
    // Before it is sent, the help articles that may answer it.
    const help = await screen.findByRole('region', { name: 'These may answer your question' });
    expect(within(help).getByRole('link', { name: 'How Gona works offline' })).toHaveAttribute(
      'href',
      '/help/working-offline',
    );
    expect(requests.find((r) => r.path.startsWith('/api/help/search'))?.path).toContain(
      'q=The%20egg%20count',
    );
    fireEvent.click(send);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const [post] = requests.filter((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      topic: 'broken',
      farm_id: FARM_ID,
      about: null,
      description: 'The egg count will not save on my phone.',
      attachment_ids: [],
    });
    expect(await screen.findByText('Please update the app and try again.')).toBeInTheDocument();
  });

  it('shows the thread and sends a reply once, with an id made on the phone', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes(FARMS),
      [`GET /api/support/requests/${REQUEST_ID}`]: { status: 200, body: aRequest() },
      [`POST /api/support/requests/${REQUEST_ID}/messages`]: (r) => ({
        status: 200,
        body: aRequest({
          state: 'open',
          messages: [
            ...aRequest().messages,
            {
              id: (r.body as { id: string }).id,
              from: 'person',
              author_name: 'Amaka Okafor',
              body: 'It still fails.',
              attachments: [],
              created_at: '2026-11-26T11:00:00.000Z',
            },
          ],
        }),
      }),
    });
    renderAt(pathTo(paths.supportRequest, { requestId: REQUEST_ID }));
    expect(await screen.findByText('Please update the app and try again.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: 'It still fails.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('It still fails.')).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ body: 'It still fails.' });
    expect((posts[0]?.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a new request once a request is closed', async () => {
    installFakeFetch({
      ...signedInRoutes(FARMS),
      [`GET /api/support/requests/${REQUEST_ID}`]: {
        status: 200,
        body: aRequest({ state: 'closed', can_reply: false }),
      },
    });
    renderAt(pathTo(paths.supportRequest, { requestId: REQUEST_ID }));
    expect(
      await screen.findByText('This request is closed. Start a new request if you still need help.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });
});

function anAdminRequest(): AdminSupportRequest {
  const { messages, can_reply: _c, ...rest } = aRequest({ state: 'open' });
  return AdminSupportRequestSchema.parse({
    ...rest,
    person_name: 'Amaka Okafor',
    email: 'amaka@example.com',
    assigned_to_name: null,
    assigned_to_me: false,
    by_mail: false,
    user_id: anId(0x77),
    plan: 'pro',
    entries: [
      ...messages.map((m) => ({ ...m, internal: false })),
      {
        id: anId(0x63),
        from: 'support',
        author_name: 'Ada Okafor',
        body: 'Old Tecno phone, Chrome 90.',
        attachments: [],
        internal: true,
        created_at: '2026-11-26T10:05:00.000Z',
      },
    ],
    recent_orders: [],
    disputes: [
      {
        id: anId(0xd1),
        order_id: anId(0x0d),
        title: 'White maize',
        status: 'open',
        about_this_request: true,
        created_at: '2026-11-25T10:00:00.000Z',
      },
    ],
  });
}

describe('/admin/support', () => {
  const admin = {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
  };

  it('opens on requests waiting for support, and filters by topic', async () => {
    const { entries: _e, ...summary } = anAdminRequest();
    const requests = installFakeFetch({
      ...admin,
      'GET /api/admin/support/requests': { status: 200, body: { items: [summary], next_cursor: null } },
    });
    renderAt(paths.adminSupport);
    expect(await screen.findByRole('link', { name: /The egg count will not save/ })).toBeInTheDocument();
    expect(requests.find((r) => r.path.startsWith('/api/admin/support/requests'))?.path).toContain(
      'waiting_for_support=true',
    );
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'billing' } });
    await waitFor(() => expect(requests.some((r) => r.path.includes('topic=billing'))).toBe(true));
  });

  it('shows internal notes as notes, and the dispute of the request’s order beside the thread', async () => {
    installFakeFetch({
      ...admin,
      [`GET /api/admin/support/requests/${REQUEST_ID}`]: { status: 200, body: anAdminRequest() },
      'GET /api/admin/support/saved-replies': { status: 200, body: { items: [] } },
    });
    renderAt(pathTo(paths.adminSupportRequest, { requestId: REQUEST_ID }));
    expect(await screen.findByText('Internal note by Ada Okafor')).toBeInTheDocument();
    expect(screen.getByText("This request's order")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'White maize' })).toHaveAttribute(
      'href',
      `/admin/disputes/${anId(0xd1)}`,
    );
    expect(screen.getByText('Green Acres · Pro')).toBeInTheDocument();
  });
});

describe('/admin/support/:requestId answering', () => {
  it('fills the answer from a saved reply and sends it marked solved, once', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
      [`GET /api/admin/support/requests/${REQUEST_ID}`]: { status: 200, body: anAdminRequest() },
      'GET /api/admin/support/saved-replies': {
        status: 200,
        body: {
          items: [
            {
              id: anId(0x71),
              title: 'Update the app',
              body: 'Close Gona and open it again to get the newest version.',
              created_at: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      },
      [`POST /api/admin/support/requests/${REQUEST_ID}/messages`]: { status: 200, body: anAdminRequest() },
    });
    renderAt(pathTo(paths.adminSupportRequest, { requestId: REQUEST_ID }));
    fireEvent.change(await screen.findByLabelText('Saved replies'), { target: { value: anId(0x71) } });
    expect(screen.getByLabelText('Answer')).toHaveValue(
      'Close Gona and open it again to get the newest version.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send and mark solved' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      body: 'Close Gona and open it again to get the newest version.',
      internal: false,
      solve: true,
    });
  });
});

describe('a reply written offline that the server refused', () => {
  it('is named by its first words, with the server’s reason', async () => {
    renderWithProviders(
      <RefusedSupportChange
        item={{
          id: anId(0x99),
          mutationKey: ['support', 'reply'],
          variables: { farmId: FARM_ID, requestId: REQUEST_ID, id: anId(0x98), body: 'It still fails.' },
          status: 409,
          message:
            'This request is closed. Start a new request and mention this one if it is about the same thing.',
        }}
      />,
    );
    expect(
      await screen.findByText(
        'Your reply to support “It still fails.” was not saved: This request is closed. Start a new request and mention this one if it is about the same thing.',
      ),
    ).toBeInTheDocument();
  });
});
