import { eq } from 'drizzle-orm';
import type { AskInput, AskResult } from '@gona/shared/assistant';
import type { Crop, Field } from '@gona/shared/crops';
import type { Supply } from '@gona/shared/inventory';
import { farms } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { TestContext, TestResponse } from '../../test/context';
import type { FarmTeam, TeamMember } from '../../test/farm-team';

/** Where the assistant's tests grow maize: Kaduna, in the Northern Guinea savanna. */
export async function moveFarmTo(t: TestContext, team: FarmTeam, state: string): Promise<void> {
  await t.db.update(farms).set({ state }).where(eq(farms.id, team.farm.id));
}

/** "Plot A" with maize planned on it for `planting_date` (a day to come). */
export async function planMaize(t: TestContext, team: FarmTeam, plantingDate: string): Promise<Crop> {
  const field = await t.request<Field>('POST', `${team.base}/fields`, {
    cookie: team.cookies.owner,
    body: { id: newId(), name: 'Plot A', area_ha: '1.5' },
  });
  if (field.status !== 201) throw new Error(`field failed: ${field.status} ${field.text}`);
  const crop = await t.request<Crop>('POST', `${team.base}/crops`, {
    cookie: team.cookies.owner,
    body: {
      id: newId(),
      crop_key: 'maize',
      variety_key: 'early',
      field_id: field.body.id,
      area_planted: '1.5',
      season: 'main',
      planting_date: plantingDate,
    },
  });
  if (crop.status !== 201) throw new Error(`crop failed: ${crop.status} ${crop.text}`);
  return crop.body;
}

/** Urea below its level, bought at ₦15,000 a bag. */
export async function addLowUrea(t: TestContext, team: FarmTeam): Promise<Supply> {
  const res = await t.request<Supply>('POST', `${team.base}/supplies`, {
    cookie: team.cookies.owner,
    body: {
      category: 'fertilizer',
      name: 'Urea',
      unit: 'bag_50kg',
      quantity: '2',
      low_threshold: '5',
      unit_cost_kobo: 1_500_000,
    },
  });
  if (res.status !== 201) throw new Error(`supply failed: ${res.status} ${res.text}`);
  return res.body;
}

export function ask(
  t: TestContext,
  team: FarmTeam,
  who: TeamMember,
  body: AskInput | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<TestResponse<AskResult>> {
  return t.request<AskResult>('POST', `${team.base}/assistant/ask`, {
    cookie: team.cookies[who],
    body,
    headers,
  });
}

export type SseEvent = { event: string; data: unknown };

/** The events of a server-sent events body, in order. */
export function sseEvents(text: string): SseEvent[] {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
