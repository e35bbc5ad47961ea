import { eq } from 'drizzle-orm';
import { can } from '@gona/shared/permissions';
import { ussd_sessions } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import {
  SCREEN_MAX,
  callerOf,
  checkPin,
  eggGroups,
  lowStock,
  markDone,
  openTasks,
  plainError,
  recordEggs,
  type Caller,
} from './phone.service';

export type UssdCallback = { sessionId: string; phoneNumber: string; text: string };

const UNKNOWN =
  'END Gona does not know this number yet. Add it in the Gona app under Settings, then dial again.';

/** The inputs a person means: `0` takes back the last one, `00` goes home. */
export function path(text: string): string[] {
  const inputs: string[] = [];
  for (const input of text === '' ? [] : text.split('*')) {
    if (input === '00') inputs.length = 0;
    else if (input === '0') inputs.pop();
    else inputs.push(input.trim());
  }
  return inputs;
}

/** A screen cut to a feature phone's 160 characters. */
function screen(kind: 'CON' | 'END', lines: string[]): string {
  const text = `${kind} ${lines.join('\n')}`;
  return text.length <= SCREEN_MAX ? text : `${text.slice(0, SCREEN_MAX - 1)}…`;
}

const con = (...lines: string[]) => screen('CON', lines);
const end = (...lines: string[]) => screen('END', lines);
const short = (words: string, max = 24) => (words.length <= max ? words : `${words.slice(0, max - 1)}…`);

/**
 * One USSD callback answered: the same session and text as the last one is a gateway retry and gets
 * the stored screen, writing nothing again (docs/decisions/073).
 */
export async function answerUssd(deps: Deps, callback: UssdCallback): Promise<string> {
  const [last] = await deps.db
    .select()
    .from(ussd_sessions)
    .where(eq(ussd_sessions.session_id, callback.sessionId));
  if (last && last.last_text === callback.text && last.phone === callback.phoneNumber)
    return last.last_answer;
  const caller = await callerOf(deps, callback.phoneNumber);
  const answer = caller ? await menu(deps, caller, callback) : UNKNOWN;
  await deps.db
    .insert(ussd_sessions)
    .values({
      session_id: callback.sessionId,
      phone: callback.phoneNumber,
      last_text: callback.text,
      last_answer: answer,
    })
    .onConflictDoUpdate({
      target: ussd_sessions.session_id,
      set: { last_text: callback.text, last_answer: answer, updated_at: new Date(deps.now()) },
    });
  return answer;
}

async function menu(deps: Deps, caller: Caller, callback: UssdCallback): Promise<string> {
  const inputs = path(callback.text);
  const manager = can(caller.ctx.role, 'records.write');
  const home = con(
    `Gona, ${short(caller.farmName)}`,
    "1 Today's tasks",
    '2 Record eggs',
    ...(manager ? ['3 Low stock'] : []),
  );
  const [first, second, third, fourth] = inputs;
  if (first === undefined) return home;
  const bad = (back: string) => con('Choose a number from the list.', back);

  if (first === '1') {
    const tasks = await openTasks(caller);
    if (tasks.length === 0) return end('No open tasks for today. Well done.');
    if (second === undefined)
      return con(...tasks.map((task, i) => `${i + 1} ${short(task.title)}`), '0 Back');
    const task = tasks[Number(second) - 1];
    if (!task || !/^\d+$/.test(second)) return bad('0 Back');
    if (third === undefined) return con(short(task.title, 60), '1 Mark done', '0 Back');
    if (third !== '1') return bad('0 Back');
    if (fourth === undefined) return con('Enter your 4-digit Gona PIN:', '0 Back');
    const pin = await pinAnswer(deps, caller, fourth);
    if (pin) return pin;
    try {
      await markDone(caller, task.id);
    } catch (error) {
      return end(plainError(error));
    }
    return end(`Done: ${short(task.title, 60)}. The farm sees it in Gona now.`);
  }

  if (first === '2') {
    const groups = await eggGroups(caller);
    if (groups.length === 0) return end('This farm has no laying birds in Gona yet.');
    if (second === undefined)
      return con(...groups.map((group, i) => `${i + 1} ${short(group.name)}`), '0 Back');
    const group = groups[Number(second) - 1];
    if (!group || !/^\d+$/.test(second)) return bad('0 Back');
    if (third === undefined) return con(`Eggs collected today, ${short(group.name)}:`, '0 Back');
    if (!/^\d{1,6}$/.test(third)) return con('Enter the number of eggs, like 412.', '0 Back');
    if (fourth === undefined) return con('Enter your 4-digit Gona PIN:', '0 Back');
    const pin = await pinAnswer(deps, caller, fourth);
    if (pin) return pin;
    try {
      await recordEggs(
        caller,
        group.id,
        Number(third),
        `ussd:${callback.sessionId}:eggs:${group.id}`,
        new Date(deps.now()),
      );
    } catch (error) {
      return end(plainError(error));
    }
    return end(`Recorded ${Number(third)} eggs for ${short(group.name)} today.`);
  }

  if (first === '3' && manager) {
    if (second === undefined) return con('Enter your 4-digit Gona PIN:', '0 Back');
    const pin = await pinAnswer(deps, caller, second);
    if (pin) return pin;
    const low = await lowStock(caller);
    if (low.length === 0) return end('Nothing in the store is low.');
    return end('Low stock:', ...low.map((s) => `${short(s.name, 20)} ${Number(s.quantity)} ${s.unit}`));
  }

  return bad('00 Home');
}

/** Null when the PIN is right; otherwise the screen that says why not. */
async function pinAnswer(deps: Deps, caller: Caller, pin: string): Promise<string | null> {
  switch (await checkPin(deps, caller, pin)) {
    case 'ok':
      return null;
    case 'unset':
      return end('Set a 4-digit PIN in the Gona app under Settings first.');
    case 'locked':
      return end('Too many wrong PINs. Try again in 15 minutes.');
    case 'wrong':
      return end('Wrong PIN. Nothing was saved. Dial again to try once more.');
  }
}
