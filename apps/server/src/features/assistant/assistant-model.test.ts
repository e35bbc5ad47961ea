import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AskResult } from '@gona/shared/assistant';
import { assistant_messages } from '../../db/schema/index';
import { INVENTED_DOSE, startFakeOpenAi, type FakeOpenAi } from '../../integrations/fake-openai';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addLowUrea, ask, moveFarmTo, planMaize, sseEvents } from './assistant.test-setup';
import { CHECK_NOTE } from './numbers';

/** The assistant with a language model: the repository's fake OpenAI-compatible server. */
let fake: FakeOpenAi;
let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  fake = await startFakeOpenAi({ slowMs: 4_000 });
  t = await createTestContext({
    LLM_BASE_URL: fake.url,
    LLM_MODEL: fake.model,
    LLM_TIMEOUT_SECONDS: '1',
  });
  team = await seedFarmTeam(t);
  await moveFarmTo(t, team, 'Kaduna');
  await planMaize(t, team, '2027-06-30');
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.scenario('faithful');
  fake.requests.length = 0;
});

const PLANTING = 'When should I plant maize?';

describe('phrased by a language model', () => {
  it('gives the model only the numbered facts and the farm, and keeps a faithful answer whole', async () => {
    const res = await ask(t, team, 'owner', { question: PLANTING });
    expect(res.status).toBe(200);
    const { answer } = res.body;
    expect(answer).toMatchObject({ answered_by: fake.model, removed_numbers: 0, refusal: null });
    expect(answer.text).toBe(
      'Maize planting dates, Northern Guinea savanna: Plant between 24 June and 7 July. [1] Your maize: Maize (Early maturing varieties) on Plot A, 1.5 ha, planned for 30 June 2027, expected harvest 3 October 2027. [2]',
    );
    expect(answer.cards[0]).toMatchObject({ kind: 'calendar' });

    const [request] = fake.requests;
    expect(request?.stream).toBe(true);
    const system = request!.messages[0]!.content!;
    expect(system).toContain(
      '[1] Maize planting dates, Northern Guinea savanna: Plant between 24 June and 7 July.',
    );
    expect(system).toContain('Never write a number');
    expect(system).toContain('Agro-ecological zone: Northern Guinea savanna.');
    expect(request!.messages.at(-1)).toEqual({ role: 'user', content: PLANTING });
    expect(request!.tools?.map((tool) => tool.function.name)).toEqual([
      'get_crops',
      'get_animals',
      'get_low_stock',
      'get_alerts',
    ]);
  });

  it('takes out a sentence with a dose no fact gives, counts it, and sends the farmer to an extension officer', async () => {
    fake.scenario('invents_dose');
    const res = await ask(t, team, 'owner', { question: PLANTING });
    expect(res.status).toBe(200);
    const { answer } = res.body;
    expect(answer.removed_numbers).toBe(1);
    expect(answer.text).not.toContain(INVENTED_DOSE);
    expect(answer.text).not.toContain('17');
    expect(answer.text).toContain('Plant between 24 June and 7 July.');
    expect(answer.text.endsWith(`\n\n${CHECK_NOTE}`)).toBe(true);
    const [stored] = await t.db.select().from(assistant_messages).where(eq(assistant_messages.id, answer.id));
    expect(stored).toMatchObject({ text: answer.text, removed_numbers: 1, answered_by: fake.model });
  });

  it('streams the model’s words as deltas, then the checked answer in done', async () => {
    fake.scenario('invents_dose');
    const res = await ask(t, team, 'owner', { question: PLANTING }, { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseEvents(res.text);
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.at(-1)?.event).toBe('done');
    expect(events.slice(0, -1).every((event) => event.event === 'delta')).toBe(true);
    // The deltas are the model's own words (a preview); done carries the checked answer.
    const preview = deltas.map((event) => (event.data as { text: string }).text).join('');
    expect(preview).toContain(INVENTED_DOSE);
    const done = events.at(-1)!.data as AskResult;
    expect(done.answer.text).not.toContain(INVENTED_DOSE);
    expect(done.answer.removed_numbers).toBe(1);
    const [stored] = await t.db
      .select()
      .from(assistant_messages)
      .where(eq(assistant_messages.id, done.answer.id));
    expect(stored?.text).toBe(done.answer.text);
  });

  it('answers the model’s tool call from the farm’s records, then lets it write', async () => {
    fake.scenario('tool_call');
    const res = await ask(t, team, 'manager', { question: PLANTING });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const second = fake.requests[1]!;
    const call = second.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    expect(call).toMatchObject({ function: { name: 'get_crops', arguments: '{}' } });
    const tool = second.messages.find((message) => message.role === 'tool');
    expect(tool?.tool_call_id).toBe(call?.id);
    expect(tool?.content).toContain(
      'Maize (Early maturing varieties) on Plot A, 1.5 ha, planned for 30 June 2027',
    );
    expect(res.body.answer.text).toMatch(
      /^From your farm records: Maize \(Early maturing varieties\) on Plot A/,
    );
    expect(res.body.answer.removed_numbers).toBe(0);
  });

  it('never shows a worker money: not in the prompt, not in the tools’ answers, not in the answer', async () => {
    const other = await seedFarmTeam(t);
    await addLowUrea(t, other);
    fake.scenario('tool_call');
    const owner = await ask(t, other, 'owner', { question: 'What is running low in my store?' });
    expect(owner.status).toBe(200);
    expect(JSON.stringify(fake.requests)).toContain('₦15,000');
    expect(fake.requests[0]!.messages[0]!.content).toMatch(/This month so far: income ₦/);

    fake.requests.length = 0;
    const worker = await ask(t, other, 'worker', { question: 'What is running low in my store?' });
    expect(worker.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests)).not.toMatch(/₦|15,000|15000|naira|kobo|This month so far/i);
    const [stored] = await t.db
      .select()
      .from(assistant_messages)
      .where(eq(assistant_messages.id, worker.body.answer.id));
    expect(stored?.answered_by).toBe(fake.model);
    expect(JSON.stringify(stored)).not.toMatch(/₦|15,000|15000|naira|kobo/i);
  });

  it('answers from the facts when the model fails or is too slow', async () => {
    for (const scenario of ['failing', 'slow'] as const) {
      fake.scenario(scenario);
      const res = await ask(t, team, 'owner', { question: PLANTING });
      expect(res.status, scenario).toBe(200);
      expect(res.body.answer).toMatchObject({ answered_by: 'facts', removed_numbers: 0 });
      expect(res.body.answer.text).toBe(
        'Maize in the Northern Guinea savanna: plant between 24 June and 7 July. You planned Plot A for 30 June 2027.',
      );
    }
  });

  it('refuses without asking the model', async () => {
    const res = await ask(t, team, 'owner', {
      question: 'Can I mix two insecticides to kill armyworm faster?',
    });
    expect(res.body.answer).toMatchObject({ refusal: 'off_label', answered_by: 'facts' });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers a person in crisis or a poisoning in its own fixed words, never the model’s, and never sends it the question', async () => {
    for (const question of [
      'The harvest failed and the debt is too much, I wan drink Sniper make I die',
      'My pikin drink pesticide, wetin I go do?',
    ]) {
      const res = await ask(t, team, 'worker', { question });
      expect(res.body.answer.answered_by, question).toBe('facts');
      expect(res.body.answer.text, question).toContain('112');
    }
    expect(fake.requests).toHaveLength(0);
  });
});
