import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { loadNamespaces } from '@/i18n';
import { anId, aPage, FARM_ID } from '@/test/fixtures';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import {
  aConversation,
  aConversationDetail,
  anAnswer,
  anAskResult,
  aQuestion,
  CONVERSATION_ID,
} from '../test-fixtures';
import { Assistant } from './Assistant';

const API = `/api/farms/${FARM_ID}/assistant`;
const ASK = `POST ${API}/ask`;

beforeAll(() => loadNamespaces(['assistant']));

function renderAssistant(path = '/dashboard/assistant') {
  return renderWithProviders(
    <Assistant
      farmId={FARM_ID}
      subscriptionPath="/dashboard/subscription"
      renderAbout={(about) => `About the ${about.kind}: Maize on Plot A`}
    />,
    { path },
  );
}

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
const sendButton = () => screen.getByRole('button', { name: /^(Send|Sending…)$/ });

function ask(question: string) {
  fireEvent.change(questionBox(), { target: { value: question } });
  fireEvent.click(sendButton());
}

const asked = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === `${API}/ask`);

describe('Assistant', () => {
  it('shows the answer with its fact cards and their sources, and the questions left this month', async () => {
    const requests = installFakeFetch({ [ASK]: { status: 200, body: anAskResult() } });
    renderAssistant();
    ask('When should I plant maize?');

    expect(
      await screen.findByText(
        'Maize in your zone: plant between 15 June and 5 July; you planned Plot A for 20 June.',
      ),
    ).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Your conversation with Gona' });
    expect(within(thread).getByText('When should I plant maize?')).toBeInTheDocument();
    expect(within(thread).getByText('Maize planting window, Northern Guinea Savanna')).toBeInTheDocument();
    expect(within(thread).getByText('[2]')).toBeInTheDocument();
    expect(
      within(thread).getByText('Plant maize between 15 June and 5 July, once the rains are steady.'),
    ).toBeInTheDocument();
    expect(within(thread).getByText('Source: Maize production guide — IAR Zaria, 2019')).toBeInTheDocument();
    expect(within(thread).getByText("From your farm's records")).toBeInTheDocument();
    expect(screen.getByText('29 questions left this month')).toBeInTheDocument();
    expect(asked(requests).map((r) => r.body)).toEqual([{ question: 'When should I plant maize?' }]);
    expect(questionBox()).toHaveValue('');
  });

  it('sends a double tap (and an Enter on top) once', async () => {
    const requests = installFakeFetch({ [ASK]: { status: 200, body: anAskResult() } });
    renderAssistant();
    fireEvent.change(questionBox(), { target: { value: 'When should I plant maize?' } });
    // In one go, before the screen updates: as fast as a thumb can tap.
    act(() => {
      fireEvent.click(sendButton());
      fireEvent.click(sendButton());
      fireEvent.keyDown(questionBox(), { key: 'Enter' });
    });

    expect(await screen.findByText(/^Maize in your zone/)).toBeInTheDocument();
    expect(asked(requests)).toHaveLength(1);
  });

  it('continues the open conversation, with what the question is about', async () => {
    const requests = installFakeFetch({
      [`GET ${API}/conversations/${CONVERSATION_ID}`]: { status: 200, body: aConversationDetail() },
      [ASK]: {
        status: 200,
        body: anAskResult({
          question: aQuestion({ id: anId(0xd3), text: 'And the seed rate?' }),
          answer: anAnswer({ id: anId(0xd4), text: 'Use 20 to 25 kg of seed for a hectare.' }),
        }),
      },
    });
    const crop = anId(0xa1);
    renderAssistant(`/dashboard/assistant?c=${CONVERSATION_ID}&about=crop:${crop}`);
    expect(await screen.findByText(/^Maize in your zone/)).toBeInTheDocument();
    expect(screen.getByText('About the crop: Maize on Plot A')).toBeInTheDocument();

    ask('And the seed rate?');
    expect(await screen.findByText('Use 20 to 25 kg of seed for a hectare.')).toBeInTheDocument();
    expect(screen.getByText(/^Maize in your zone/)).toBeInTheDocument();
    expect(asked(requests).map((r) => r.body)).toEqual([
      { question: 'And the seed rate?', conversation_id: CONVERSATION_ID, about: { kind: 'crop', id: crop } },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Ask without this' }));
    expect(screen.queryByText('About the crop: Maize on Plot A')).toBeNull();
  });

  it('writes in the question of ?q= and ignores an ?about= it cannot read', () => {
    installFakeFetch({});
    renderAssistant('/dashboard/assistant?q=Why%20are%20my%20hens%20laying%20less%3F&about=cow:12');
    expect(questionBox()).toHaveValue('Why are my hens laying less?');
    expect(screen.queryByText(/^About the/)).toBeNull();
  });

  it("shows the Free plan's limit in its words with the way to the plans, and keeps the question", async () => {
    installFakeFetch({
      [ASK]: {
        status: 402,
        body: {
          error: {
            code: 'PLAN_LIMIT',
            message: 'You have asked your 30 questions for this month on the Free plan.',
          },
        },
      },
    });
    renderAssistant();
    ask('When should I plant maize?');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have asked your 30 questions for this month on the Free plan.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(questionBox()).toHaveValue('When should I plant maize?');
    expect(screen.getByText('0 questions left this month')).toBeInTheDocument();
  });

  it("shows the server's word on a field next to the question box", async () => {
    installFakeFetch({
      [ASK]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { question: 'Write at most 500 characters' },
          },
        },
      },
    });
    renderAssistant();
    ask('When should I plant maize?');
    expect(await screen.findByText('Write at most 500 characters')).toBeInTheDocument();
    expect(questionBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not send an empty question', () => {
    const requests = installFakeFetch({});
    renderAssistant();
    ask(' ');
    expect(screen.getByText('Write your question')).toBeInTheDocument();
    expect(asked(requests)).toHaveLength(0);
  });

  it('says asking needs a connection when offline, and does not queue the question', () => {
    const requests = installFakeFetch({});
    onlineManager.setOnline(false);
    try {
      renderAssistant();
      ask('When should I plant maize?');
      expect(screen.getByRole('status')).toHaveTextContent('Asking Gona needs a connection');
      expect(sendButton()).toBeDisabled();
      expect(asked(requests)).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows a refusal plainly, and a "Not sure" note when numbers were taken out', async () => {
    installFakeFetch({
      [ASK]: {
        status: 200,
        body: anAskResult({
          answer: anAnswer({
            text: 'Sudden deaths with bleeding may be African swine fever. Do not move or sell pigs.',
            refusal: 'notifiable_disease',
            removed_numbers: 1,
            cards: [],
          }),
        }),
      },
    });
    renderAssistant();
    ask('My pigs are dying suddenly');
    expect(
      await screen.findByText('This disease must be reported: call the state veterinary office now.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Not sure: Gona took out numbers/)).toBeInTheDocument();
  });

  it('sends feedback once and then shows what was said', async () => {
    const requests = installFakeFetch({
      [`GET ${API}/conversations/${CONVERSATION_ID}`]: { status: 200, body: aConversationDetail() },
      [`POST ${API}/messages/${anId(0xd2)}/feedback`]: {
        status: 200,
        body: anAnswer({ feedback: { helpful: false, reason: 'My zone plants earlier' } }),
      },
    });
    renderAssistant(`/dashboard/assistant?c=${CONVERSATION_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Not helpful' }));
    fireEvent.change(screen.getByRole('textbox', { name: /What was wrong with it/ }), {
      target: { value: 'My zone plants earlier' },
    });
    const send = screen.getAllByRole('button', { name: 'Send' }).find((b) => b.closest('article'))!;
    fireEvent.click(send);
    fireEvent.click(send);

    expect(
      await screen.findByText('You said this answer did not help. Thank you for telling us.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull();
    const sent = requests.filter((r) => r.path.endsWith('/feedback'));
    expect(sent.map((r) => r.body)).toEqual([{ helpful: false, reason: 'My zone plants earlier' }]);
  });

  it('shows feedback already given instead of the buttons', async () => {
    installFakeFetch({
      [`GET ${API}/conversations/${CONVERSATION_ID}`]: {
        status: 200,
        body: aConversationDetail([aQuestion(), anAnswer({ feedback: { helpful: true, reason: null } })]),
      },
    });
    renderAssistant(`/dashboard/assistant?c=${CONVERSATION_ID}`);
    expect(await screen.findByText('You said this answer helped. Thank you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull();
  });

  it('shows a streamed answer as it is written, then the checked answer in its place', async () => {
    const requests = installFakeFetch({});
    const stream = controlledStream();
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (input !== `${API}/ask`) return fake(input, init);
      requests.push({ method: 'POST', path: input, body: JSON.parse(init.body as string) });
      expect(new Headers(init.headers).get('Accept')).toBe('text/event-stream');
      return Promise.resolve(
        new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
      );
    });
    renderAssistant();
    ask('When should I plant maize?');
    expect(await screen.findByText('Gona is looking through the facts…')).toBeInTheDocument();

    stream.send('event: delta\ndata: {"text":"Plant maize "}\n\n');
    expect(await screen.findByText('Plant maize')).toBeInTheDocument();
    // An event may arrive in pieces, and with \r\n line ends.
    stream.send('event: delta\r\ndata: {"text":"from 15 June to 5 July');
    stream.send('"}\r\n\r\n');
    expect(await screen.findByText('Plant maize from 15 June to 5 July')).toBeInTheDocument();
    expect(screen.getByText('Gona is writing…')).toBeInTheDocument();

    const result = anAskResult({ answer: anAnswer({ text: 'Plant maize from 15 June to 5 July.' }) });
    stream.send(`event: done\ndata: ${JSON.stringify(result)}\n\n`);
    expect(await screen.findByText('Plant maize from 15 June to 5 July.')).toBeInTheDocument();
    expect(screen.queryByText('Plant maize from 15 June to 5 July')).toBeNull();
    expect(screen.queryByText('Gona is writing…')).toBeNull();
    expect(screen.getByText('Source: Maize production guide — IAR Zaria, 2019')).toBeInTheDocument();
    expect(asked(requests)).toHaveLength(1);
  });

  it("shows a stream's error event in its words and keeps the question", async () => {
    installFakeFetch({});
    const stream = controlledStream();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
      ),
    );
    renderAssistant();
    ask('When should I plant maize?');
    stream.send('event: delta\ndata: {"text":"Plant"}\n\n');
    stream.send('event: error\ndata: {"message":"The answer could not be finished. Ask again."}\n\n');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The answer could not be finished. Ask again.',
    );
    expect(questionBox()).toHaveValue('When should I plant maize?');
  });

  it('lists past conversations newest first, reopens one and deletes the open one after asking', async () => {
    const older = aConversation({ id: anId(0xc1), title: 'Layers laying less' });
    let conversations = [aConversation(), older];
    const requests = installFakeFetch({
      [`GET ${API}/conversations`]: () => ({ status: 200, body: aPage(conversations) }),
      [`GET ${API}/conversations/${CONVERSATION_ID}`]: { status: 200, body: aConversationDetail() },
      [`DELETE ${API}/conversations/${CONVERSATION_ID}`]: () => {
        conversations = [older];
        return { status: 204 };
      },
    });
    renderAssistant();
    fireEvent.click(screen.getByRole('button', { name: 'Past conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Past conversations' });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]!.firstChild?.textContent)).toEqual([
      'When should I plant maize?',
      'Layers laying less',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: /^When should I plant maize\?/ }));
    expect(await screen.findByText(/^Maize in your zone/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Past conversations' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete conversation: When should I plant maize?' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(CONVERSATION_ID))).toBe(true),
    );
    const list = screen.getByRole('dialog', { name: 'Past conversations' });
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: /^When should I plant maize\?/ })).toBeNull(),
    );
    expect(within(list).getByRole('button', { name: /^Layers laying less/ })).toBeInTheDocument();
    // The open conversation was the one deleted: the screen starts afresh.
    expect(screen.queryByText(/^Maize in your zone/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'What would you like to know?' })).toBeInTheDocument();
  });

  it('keeps to a 320 px phone: no fixed widths wider than the screen, long words wrap, a full-width Send', async () => {
    const long = 'Lambda-cyhalothrin'.repeat(8);
    installFakeFetch({
      [ASK]: {
        status: 200,
        body: anAskResult({
          answer: anAnswer({
            text: `Spray ${long} only as its label says.`,
            cards: [{ ...anAnswer().cards[0]!, title: long, text: long }],
          }),
        }),
      },
    });
    const { container } = renderAssistant(`/dashboard/assistant?about=crop:${anId(0xa1)}`);
    ask('What can I spray on fall armyworm?');
    await screen.findByText(`Spray ${long} only as its label says.`);

    const classes = [...container.querySelectorAll<HTMLElement>('[class]')].flatMap((element) =>
      [...element.classList].map((name) => ({ name, element })),
    );
    const tooWide = classes.filter(({ name }) => {
      const fixed = /^(?:[a-z]+:)?(?:min-)?w-(?:\[(\d+)px\]|(\d+))$/.exec(name);
      if (!fixed) return false;
      const px = fixed[1] ? Number(fixed[1]) : Number(fixed[2]) * 4;
      return px > 288;
    });
    expect(tooWide.map(({ name }) => name)).toEqual([]);
    for (const text of [`Spray ${long} only as its label says.`, long])
      for (const element of screen.getAllByText(text)) expect(element).toHaveClass('wrap-anywhere');
    expect(screen.getByText('About the crop: Maize on Plot A')).toHaveClass('min-w-0', 'wrap-anywhere');
    expect(sendButton()).toHaveClass('w-full');
    expect(questionBox()).toHaveClass('w-full', 'min-w-0');
  });
});

/** A text/event-stream body the test writes to, piece by piece. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return { body, send: (text: string) => controller.enqueue(encoder.encode(text)) };
}
