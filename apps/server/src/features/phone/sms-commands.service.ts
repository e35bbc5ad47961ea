import { eq } from 'drizzle-orm';
import { sms_inbound } from '../../db/schema/index';
import { internationalPhone } from '../../integrations/sms';
import type { Deps } from '../../lib/ctx';
import {
  callerOf,
  eggGroups,
  markDone,
  openTasks,
  plainError,
  recordEggs,
  takeSmsAllowance,
  type Caller,
} from './phone.service';

export type IncomingSms = { id: string; from: string; text: string };

export const HELP =
  "Gona: DONE 2 marks task 2 of today's list done. EGGS 412 records today's eggs. TASKS lists today's tasks. HELP shows this.";
const UNKNOWN = 'Gona does not know this number. Add it in the Gona app under Settings to use SMS.';

/**
 * An SMS to Gona, once per Africa's Talking message id: the command runs through the same services
 * as the app, and the reply goes back once, counted against the farm's daily cap. A number Gona
 * does not know gets one polite reply and nothing else.
 */
export async function receiveSms(deps: Deps, sms: IncomingSms): Promise<{ reply: string | null }> {
  const claimed = await deps.db
    .insert(sms_inbound)
    .values({ message_id: sms.id, phone: sms.from, text: sms.text })
    .onConflictDoNothing()
    .returning({ id: sms_inbound.message_id });
  if (claimed.length === 0) return { reply: null };
  const caller = await callerOf(deps, sms.from);
  const reply = caller ? await command(deps, caller, sms) : UNKNOWN;
  const to = internationalPhone(sms.from);
  const allowed = caller ? await takeSmsAllowance(deps, caller.ctx.farmId) : true;
  if (!to || !deps.sms || !allowed) {
    if (!allowed) deps.logger.warn('sms: daily cap reached, reply not sent', { farmId: caller?.ctx.farmId });
    return { reply: null };
  }
  await deps.db.update(sms_inbound).set({ reply }).where(eq(sms_inbound.message_id, sms.id));
  await deps.sms.send({ to, message: reply }).catch((error: unknown) => {
    deps.logger.warn('sms: reply not sent', {
      error: error instanceof Error ? error.message : String(error),
    });
  });
  return { reply };
}

async function command(deps: Deps, caller: Caller, sms: IncomingSms): Promise<string> {
  const [word = '', arg] = sms.text.trim().toUpperCase().split(/\s+/);
  try {
    if (word === 'DONE' && arg && /^\d+$/.test(arg)) {
      const task = (await openTasks(caller))[Number(arg) - 1];
      if (!task) return `Gona: there is no open task ${arg} today. Send TASKS for the list.`;
      await markDone(caller, task.id);
      return `Gona: done, ${task.title.slice(0, 100)}.`;
    }
    if (word === 'EGGS' && arg && /^\d{1,6}$/.test(arg)) {
      const groups = await eggGroups(caller);
      if (groups.length !== 1)
        return groups.length === 0
          ? 'Gona: this farm has no laying birds in Gona yet.'
          : 'Gona: this farm has more than one flock. Dial the Gona USSD code to choose one.';
      await recordEggs(caller, groups[0]!.id, Number(arg), `sms:${sms.id}`, new Date(deps.now()));
      return `Gona: recorded ${Number(arg)} eggs for ${groups[0]!.name} today.`;
    }
    if (word === 'TASKS') {
      const tasks = await openTasks(caller);
      if (tasks.length === 0) return 'Gona: no open tasks today.';
      return `Gona today: ${tasks.map((task, i) => `${i + 1} ${task.title.slice(0, 30)}`).join('; ')}`.slice(
        0,
        160,
      );
    }
  } catch (error) {
    return `Gona: ${plainError(error)}`.slice(0, 160);
  }
  return HELP;
}
