import type { FactCard } from '@gona/shared/assistant';
import type { Livestock, LivestockSpecies } from '@gona/shared/livestock';
import type { Sale } from '@gona/shared/finance';
import type { SupplyCategory } from '@gona/shared/inventory';
import { formatNaira } from '@gona/shared/money';
import { fromMilli, milliOf } from '@gona/shared/units';
import type { FarmCtx } from '../../lib/ctx';
import { addDays, dateIn } from '../../lib/farm-time';
import { listMovements } from '../inventory/movements.service';
import { listSupplies } from '../inventory/supplies.service';
import { listLivestock } from '../livestock/livestock.service';
import { listEvents, listGrowth, listProduction } from '../livestock/records.service';
import { moneyOwed, profitAndLoss } from '../money/reports.service';
import { listSales } from '../money/sales.service';
import { todayTasks } from '../tasks/tasks.service';
import { SPECIES_NAMES, amount, cropLine, longDate, type FarmContext } from './context';
import type { Period, Reading, RecordAsk } from './reading';
import { MOST_DAY, WHEN_LAST } from './record-reading';

/**
 * The farm's own records, answered exactly (docs/decisions/055-assistant-reads-the-question-and-cares-first.md):
 * the same services the screens use, summed over the period the question names (said in words),
 * for the animals it names. Money only for those who may see it.
 */
export type RecordAnswer = { ask: RecordAsk; text: string; cards: FactCard[] };

const PAGE = 100;
/** Pages read at most per animal (a year of daily records and more). */
const PAGES_MAX = 5;
const LAYING: LivestockSpecies[] = ['chicken_layer', 'chicken_noiler', 'duck', 'guinea_fowl', 'turkey'];
const NO_MONEY =
  "Your role on this farm does not show its money, so I can't answer this. The farm's owner or manager can see it under Money.";

export async function answerRecord(
  ctx: FarmCtx,
  reading: Reading,
  context: FarmContext,
): Promise<RecordAnswer | null> {
  const ask = reading.record;
  if (!ask) return null;
  const card = (key: string, title: string, text: string): FactCard => ({
    kind: 'farm',
    key,
    title,
    text,
    source: null,
  });
  const answer = (text: string, cards: FactCard[] = []): RecordAnswer => ({
    ask,
    text,
    cards: cards.length ? cards : [card(`record:${ask}`, 'From your farm’s records', text)],
  });
  const today = context.farm.today;
  switch (ask) {
    case 'head_count': {
      // A group named ("Pen B", "pond 1") is counted alone.
      const named = await namedAnimals(ctx, reading);
      if (named.length) {
        const total = named.reduce((sum, animal) => sum + animal.head_count, 0);
        return answer(
          named.length === 1
            ? `${nameOf(named[0]!)} has ${total} now, by your records.`
            : `${named.map((animal) => `${nameOf(animal)}: ${animal.head_count}`).join('; ')}: ${total} in all, by your records.`,
        );
      }
      const rows = context.animals.by_species.filter(
        (row) => reading.species.length === 0 || reading.species.includes(row.species),
      );
      if (rows.length === 0)
        return answer(
          reading.species.length
            ? `Your records show no ${reading.species.map((kind) => SPECIES_NAMES[kind].toLowerCase()).join(' or ')} on the farm now.`
            : 'Your records show no animals on the farm now.',
        );
      const total = rows.reduce((sum, row) => sum + row.head_count, 0);
      const parts = rows.map((row) => `${row.name}: ${row.head_count}`);
      return answer(
        rows.length === 1
          ? `You have ${rows[0]!.head_count} ${rows[0]!.name.toLowerCase()} now, by your records.`
          : `You have ${total} ${kindWord(rows.map((row) => row.species))} now, by your records: ${parts.join('; ')}.`,
      );
    }
    case 'eggs':
    case 'feed_used':
    case 'milk':
    case 'fish_harvest': {
      const animals = await animalsAsked(ctx, reading, ask === 'eggs' ? LAYING : null);
      if (animals.length === 0) return answer(noAnimals(reading, ask));
      // "When did we last harvest fish?": the last day with such a record, and what it holds.
      if (WHEN_LAST.test(reading.plain)) return answer(await lastRecorded(ctx, animals, ask));
      const period = reading.period ?? lastDays(today, 7);
      let eggs = 0;
      let cracked = 0;
      let henDays = 0;
      let milk = 0;
      let fishCount = 0;
      let fishKg = 0;
      const feed = new Map<string, number>();
      const perAnimal: string[] = [];
      let days = 0;
      const eggDays = new Set<string>();
      const byDay = new Map<string, number>();
      for (const animal of animals) {
        const rows = await productionIn(ctx, animal.id, period);
        let own = 0;
        let ownHenDays = 0;
        for (const row of rows) {
          days += 1;
          if (row.eggs_collected != null) ownHenDays += row.head_count_on_date;
          const dayValue =
            ask === 'eggs'
              ? row.eggs_collected
              : ask === 'milk' && row.milk_litres
                ? Number(row.milk_litres)
                : null;
          if (dayValue != null) byDay.set(row.date, (byDay.get(row.date) ?? 0) + dayValue);
          if (row.eggs_collected != null) {
            eggDays.add(row.date);
            eggs += row.eggs_collected;
            own += row.eggs_collected;
            cracked += row.eggs_cracked ?? 0;
            henDays += row.head_count_on_date;
          }
          if (row.milk_litres) milk += Number(row.milk_litres);
          if (row.fish_count) fishCount += row.fish_count;
          if (row.fish_kg) fishKg += Number(row.fish_kg);
          if (row.feed_quantity && row.feed_unit)
            feed.set(row.feed_unit, (feed.get(row.feed_unit) ?? 0) + Number(row.feed_quantity));
        }
        // Flocks with eggs recorded in the period, by name (a flock with none recorded is not "0").
        if (ask === 'eggs' && animals.length > 1 && rows.some((row) => row.eggs_collected != null))
          perAnimal.push(
            `${nameOf(animal)}: ${own}${ownHenDays > 0 ? ` (${round1((own / ownHenDays) * 100)}% hen-day)` : ''}`,
          );
      }
      if (days === 0)
        return answer(
          `Nothing is recorded ${period.words}${ask === 'fish_harvest' ? ': no fish taken out' : ask === 'eggs' ? ': no eggs' : ''}.`,
        );
      // "Which day did we collect the most eggs?": the day, and its figure.
      if ((ask === 'eggs' || ask === 'milk') && MOST_DAY.test(reading.plain) && byDay.size > 0) {
        const fewest = /\b(least|lowest|fewest|worst)\b/.test(reading.plain);
        const [bestDay, value] = [...byDay.entries()].sort(
          (a, b) => (fewest ? a[1] - b[1] : b[1] - a[1]) || a[0].localeCompare(b[0]),
        )[0]!;
        return answer(
          `Your ${fewest ? 'lowest' : 'best'} day ${period.words} was ${longDate(bestDay)}: ${ask === 'eggs' ? `${value} eggs` : `${round1(value)} litres of milk`}.`,
        );
      }
      if (ask === 'eggs') {
        const rate = henDays > 0 ? ` That is a hen-day rate of ${round1((eggs / henDays) * 100)}%.` : '';
        const crates = eggs >= 30 ? ` (${round1(eggs / 30)} crates of 30)` : '';
        const split = perAnimal.length > 1 ? ` By flock: ${perAnimal.sort().join('; ')}.` : '';
        const broken = cracked ? ` ${cracked} were cracked.` : '';
        const daily =
          ASKS_AVERAGE.test(reading.plain) && eggDays.size > 0
            ? ` That is ${round1(eggs / eggDays.size)} eggs a day on average, over ${eggDays.size} ${eggDays.size === 1 ? 'day' : 'days'} recorded.`
            : '';
        if (eggDays.size === 0) return answer(`No eggs are recorded ${period.words}.`);
        // The sentence that answers what was asked comes first: a rate, an average, crates, each flock.
        const henDay = henDays > 0 ? round1((eggs / henDays) * 100) : null;
        if (henDay !== null && ASKS_LAYING_RATE.test(reading.plain))
          return answer(
            `${possessive(who(reading, animals, 'Your layers'))} hen-day rate ${period.words} was ${henDay}%: ${eggs} eggs${crates}.${daily}${broken}${split}`,
          );
        if (daily)
          return answer(
            `${who(reading, animals, 'Your layers')} laid ${round1(eggs / eggDays.size)} eggs a day on average ${period.words}: ${eggs} eggs over ${eggDays.size} ${eggDays.size === 1 ? 'day' : 'days'} recorded.${rate}${broken}${split}`,
          );
        if (split && EACH_FLOCK.test(reading.plain))
          return answer(
            `Eggs by flock ${period.words}: ${perAnimal.sort().join('; ')}. In all ${eggs} eggs${crates}.${rate}${broken}`,
          );
        if (eggs >= 30 && /\bcrates?\b/.test(reading.plain))
          return answer(
            `${who(reading, animals, 'Your layers')} laid ${round1(eggs / 30)} crates of 30 eggs ${period.words} (${eggs} eggs).${rate}${broken}${split}`,
          );
        return answer(
          `${who(reading, animals, 'Your layers')} laid ${eggs} eggs ${period.words}${crates}.${rate}${broken}${split}`,
        );
      }
      if (ask === 'milk') {
        const milkDays = new Set(
          (await Promise.all(animals.map((animal) => productionIn(ctx, animal.id, period))))
            .flat()
            .filter((row) => row.milk_litres != null)
            .map((row) => row.date),
        );
        const daily =
          ASKS_AVERAGE.test(reading.plain) && milkDays.size > 0
            ? ` That is ${round1(milk / milkDays.size)} litres a day on average, over ${milkDays.size} ${milkDays.size === 1 ? 'day' : 'days'} recorded.`
            : '';
        return answer(`You recorded ${round1(milk)} litres of milk ${period.words}.${daily}`);
      }
      if (ask === 'fish_harvest')
        return answer(
          `You recorded ${fishCount} fish${fishKg ? ` (${round1(fishKg)} kg)` : ''} taken out ${period.words}.`,
        );
      const used = [...feed.entries()].map(([unit, quantity]) => amount(String(round1(quantity)), unit));
      return answer(
        used.length
          ? `${who(reading, animals, 'Your animals')} were given ${used.join(' and ')} of feed ${period.words}, by your records.`
          : `No feed from your store is recorded ${period.words}.`,
      );
    }
    case 'deaths': {
      // No period named ("how many don die for Pen A?"): every death recorded.
      const period = reading.period ?? { from: '1970-01-01', to: today, words: 'in all your records' };
      const animals = await animalsAsked(ctx, reading, null, true);
      if (animals.length === 0) return answer(noAnimals(reading, ask));
      let dead = 0;
      let alive = 0;
      const parts: string[] = [];
      for (const animal of animals) {
        let own = 0;
        for (const event of await eventsIn(ctx, animal.id, period))
          if (event.kind === 'mortality') own += event.count;
        dead += own;
        if (own) {
          parts.push(`${nameOf(animal)}: ${own}`);
          alive += animal.head_count;
        }
      }
      // A mortality rate: the dead of those there were (the living now and the dead of the period).
      const rate =
        dead > 0 && ASKS_RATE.test(reading.plain)
          ? ` That is ${round1((dead / (alive + dead)) * 100)}% of the ${alive + dead} there were.`
          : '';
      return answer(
        dead === 0
          ? `No deaths are recorded ${period.words}.`
          : `${dead} ${who(reading, animals, 'animals', true)} died ${period.words === 'in all your records' ? 'in all your records' : `${period.words}, by your records`}${parts.length > 1 ? ` (${parts.join('; ')})` : ''}.${rate}`,
      );
    }
    case 'births': {
      const period = reading.period ?? { from: '1970-01-01', to: today, words: 'in all your records' };
      const animals = await animalsAsked(ctx, reading, null, true);
      if (animals.length === 0) return answer(noAnimals(reading, ask));
      let born = 0;
      const parts: string[] = [];
      for (const animal of animals) {
        let own = 0;
        for (const event of await eventsIn(ctx, animal.id, period))
          if (event.kind === 'birth') own += event.count;
        born += own;
        if (own) parts.push(`${nameOf(animal)}: ${own}`);
      }
      return answer(
        born === 0
          ? `No births are recorded ${period.words}.`
          : `${born} ${who(reading, animals, 'animals', true)} born ${period.words}, by your records${parts.length > 1 ? ` (${parts.join('; ')})` : ` (${parts[0]!.split(':')[0]})`}.`,
      );
    }
    case 'weight': {
      const animals = await animalsAsked(ctx, reading, null);
      if (animals.length === 0) return answer(noAnimals(reading, ask));
      const lines: string[] = [];
      for (const animal of animals.slice(0, 5)) {
        // The last weighing, or the last in the period asked ("what did they weigh last week").
        const gain = ASKS_GAIN.test(reading.plain);
        const page = await listGrowth(ctx, animal.id, { limit: reading.period || gain ? PAGE : 1 });
        const index = reading.period
          ? page.items.findIndex((row) => row.date >= reading.period!.from && row.date <= reading.period!.to)
          : 0;
        const last = index >= 0 ? page.items[index] : undefined;
        const before = index >= 0 ? page.items[index + 1] : undefined;
        // "How much did they gain?": from the weighing before it.
        const gained =
          gain && last && before
            ? `, ${round2(Number(last.weight_kg) - Number(before.weight_kg))} kg more than the ${before.weight_kg} kg of ${longDate(before.date)}`
            : '';
        if (last)
          lines.push(
            `${nameOf(animal)}: ${last.weight_kg} kg${last.count_weighed && last.count_weighed > 1 ? ` on average (${last.count_weighed} weighed)` : ''} on ${longDate(last.date)}${gained}`,
          );
      }
      return answer(
        lines.length
          ? `${reading.period ? `Weighing ${reading.period.words}` : 'Last weighing'}: ${lines.join('; ')}.`
          : `No weighing is recorded for them${reading.period ? ` ${reading.period.words}` : ' yet'}.`,
      );
    }
    case 'supply': {
      const page = await listSupplies(ctx, { limit: PAGE });
      // A supply by its name ("urea"), or the supplies of a kind ("fertilizer", "feed", "vaccines").
      const byName = page.items.filter((supply) => namesSupply(reading.plain, supply.name));
      const kinds = SUPPLY_KINDS.filter(([pattern]) => pattern.test(reading.plain)).map(([, kind]) => kind);
      const found = byName.length ? byName : page.items.filter((supply) => kinds.includes(supply.category));
      const line = (supply: (typeof page.items)[number]) =>
        `${supply.name}: ${amount(supply.quantity, supply.unit)} left${
          supply.low_threshold != null && Number(supply.quantity) <= Number(supply.low_threshold)
            ? ` (low: you buy more at ${amount(supply.low_threshold, supply.unit)})`
            : ''
        }`;
      if (page.items.length === 0) return answer('Your store has no supplies recorded yet.');
      // No supply named ("wetin remain for store?"): the whole store, as the Store screen lists it.
      if (found.length === 0)
        return answer(
          `${NAMES_A_SUPPLY.test(reading.plain) && kinds.length === 0 ? 'I found no supply by that name in your store. ' : ''}Your store has: ${page.items
            .slice(0, 12)
            .map(line)
            .join('; ')}.`,
        );
      return answer(`${found.map(line).join('; ')}.`);
    }
    case 'supply_used': {
      const period = reading.period ?? monthSoFar(today);
      const page = await listSupplies(ctx, { limit: PAGE });
      const named = page.items.filter((supply) => namesSupply(reading.plain, supply.name));
      const supplies = named.length ? named : page.items;
      const lines: string[] = [];
      // Feed given to animals is used on the day it was given (its record's date), not the day it was typed in.
      const fed = await feedGivenIn(ctx, period);
      for (const supply of supplies.slice(0, SUPPLIES_MAX)) {
        let used = fed.get(supply.id) ?? 0;
        for (const movement of await movementsIn(ctx, supply.id, period))
          if (movement.kind === 'used' && !movement.note?.startsWith(FEED_NOTE))
            used += -Number(movement.quantity);
        if (used > 0) lines.push(`${amount(String(round1(used)), supply.unit)} of ${supply.name}`);
      }
      if (lines.length === 0)
        return answer(
          `No use of ${named.length ? named.map((supply) => supply.name).join(' or ') : 'anything in your store'} is recorded ${period.words}.`,
        );
      return answer(`You used ${lines.join(', ')} ${period.words}, by your store's records.`);
    }
    case 'low_stock':
      return null; // the low-stock look-up answers it
    case 'spent':
    case 'earned':
    case 'profit': {
      if (!context.money) return answer(NO_MONEY);
      const period = reading.period ?? monthSoFar(today);
      const profit = await profitAndLoss(ctx, { from: period.from, to: period.to });
      const enterprises = profit.enterprises.filter((row) => enterpriseAsked(row.name, reading));
      const rows = enterprises.length && enterprises.length < profit.enterprises.length ? enterprises : null;
      const income = rows ? rows.reduce((sum, row) => sum + row.income_kobo, 0) : profit.income_kobo;
      const costs = rows ? rows.reduce((sum, row) => sum + row.costs_kobo, 0) : profit.costs_kobo;
      const on = rows ? ` on ${rows.map((row) => row.name ?? 'the farm').join(' and ')}` : '';
      // A crop or animal named that no money record is marked for ("what did we spend on the cassava").
      const named =
        reading.crop?.name ??
        (reading.species.length > 1
          ? kindWord(reading.species)
          : reading.species[0]
            ? SPECIES_NAMES[reading.species[0]]
            : null);
      const category = Object.keys(CATEGORY_WORDS).find((key) => categoryAsked(key, reading.plain));
      if (
        named &&
        !rows &&
        !category &&
        (ask === 'spent' || ask === 'earned') &&
        !PRODUCT_WORDS.test(reading.plain)
      )
        return answer(
          `No ${ask === 'spent' ? 'spending' : 'sales'} ${period.words} is marked for ${named.toLowerCase()}. Mark a money record for a planting or an animal group to see it here.`,
        );
      if (ask === 'earned') {
        // A product named ("egg sales", "catfish money"): its sales alone.
        const sold = await salesIn(ctx, period);
        const products = [...new Set(sold.map((sale) => sale.product))].filter((product) =>
          productAsked(product, reading.plain),
        );
        if (products.length && products.length < new Set(sold.map((sale) => sale.product)).size) {
          const chosen = sold.filter((sale) => products.includes(sale.product));
          const total = chosen.reduce((sum, sale) => sum + sale.amount_kobo, 0);
          return answer(
            `You earned ${formatNaira(total)} from ${products.map((product) => product.toLowerCase()).join(' and ')} ${period.words}, from the sales you recorded${ASKS_QUANTITY.test(reading.plain) ? ` (${soldAmounts(chosen)})` : ''}.`,
          );
        }
        return answer(
          `You earned ${formatNaira(income)}${on} ${period.words}, from the sales you recorded${!rows && sold.length && ASKS_QUANTITY.test(reading.plain) ? ` (${soldAmounts(sold)})` : ''}.`,
        );
      }
      if (ask === 'profit')
        return answer(
          `${period.words[0]!.toUpperCase()}${period.words.slice(1)}${on}: income ${formatNaira(income)}, costs ${formatNaira(costs)}, so ${income - costs >= 0 ? 'a profit' : 'a loss'} of ${formatNaira(Math.abs(income - costs))}.`,
        );
      const byCategory = new Map<string, number>();
      for (const row of rows ?? profit.enterprises)
        for (const cost of row.costs_by_category)
          byCategory.set(cost.category, (byCategory.get(cost.category) ?? 0) + cost.total_kobo);
      if (category)
        return answer(
          byCategory.get(category)
            ? `You spent ${formatNaira(byCategory.get(category)!)} on ${category.replace(/_/g, ' ')}${on} ${period.words}.`
            : `No spending on ${category.replace(/_/g, ' ')}${on} is recorded ${period.words}.`,
        );
      // What it went on, when asked ("what did we spend on", "biggest costs", "breakdown").
      const split = ASKS_BREAKDOWN.test(reading.plain)
        ? [...byCategory.entries()]
            .filter(([, total]) => total > 0)
            .sort((a, b) => b[1] - a[1])
            .map(([key, total]) => `${key.replace(/_/g, ' ')} ${formatNaira(total)}`)
        : [];
      return answer(
        `You spent ${formatNaira(costs)}${on} ${period.words}${split.length ? `: ${split.join(', ')}` : ''}.`,
      );
    }
    case 'owed': {
      if (!context.money) return answer(NO_MONEY);
      const owed = await moneyOwed(ctx);
      const toFarm = owed.total_kobo;
      const due = (date: string | null) =>
        date ? `, due ${longDate(date)}${date < today ? ', now late' : ''}` : '';
      const byFarm = owed.creditors.reduce((sum, row) => sum + row.owed_kobo, 0);
      const buyers = owed.buyers
        .slice(0, 5)
        .map((row) => `${row.buyer_name ?? 'a buyer'} ${formatNaira(row.owed_kobo)}${due(row.due_date)}`);
      const creditors = owed.creditors
        .slice(0, 5)
        .map((row) => `${row.name ?? 'unnamed'} ${formatNaira(row.owed_kobo)}${due(row.due_date)}`);
      const owedToFarm = `Buyers owe the farm ${formatNaira(toFarm)}${buyers.length ? ` (${buyers.join('; ')})` : ''}.`;
      const owedByFarm = `The farm owes ${formatNaira(byFarm)}${creditors.length ? ` (${creditors.join('; ')})` : ''}.`;
      // "How much do I owe?" asks what the farm owes first; "who owes me?" what buyers owe.
      return answer(
        FARM_OWES.test(reading.plain) ? `${owedByFarm} ${owedToFarm}` : `${owedToFarm} ${owedByFarm}`,
      );
    }
    case 'crops':
      return null; // the farm-crops look-up answers it
    case 'crop_next': {
      const tasks = await todayTasks(ctx, { mine: false });
      const crop = reading.crop;
      const open = [...tasks.overdue.items, ...tasks.due_today.items, ...tasks.upcoming.items].filter(
        (task) => task.crop && (!crop || task.crop.name.toLowerCase().includes(crop.name.toLowerCase())),
      );
      if (open.length === 0)
        return answer(
          `No work is planned for your ${crop ? crop.name.toLowerCase() : 'crops'} in the coming days. Plan it from the crop's page, or ask what to do at its stage.`,
        );
      return answer(
        `Next on your ${crop ? crop.name.toLowerCase() : 'crops'}: ${open
          .slice(0, 5)
          .map(
            (task) =>
              `${task.title} (${task.due_date < tasks.today ? `late, due ${longDate(task.due_date)}` : task.due_date === tasks.today ? 'today' : longDate(task.due_date)})`,
          )
          .join('; ')}.`,
      );
    }
    case 'crop_stage':
    case 'harvest_date': {
      const plantings = context.crops.filter(
        (crop) => (!reading.crop || crop.crop_key === reading.crop.key) && crop.status !== 'planned',
      );
      const all = plantings.length
        ? plantings
        : context.crops.filter((crop) => !reading.crop || crop.crop_key === reading.crop.key);
      if (all.length === 0)
        return answer(
          reading.crop
            ? `Your farm has no ${reading.crop.name.toLowerCase()} planned or growing.`
            : 'Your farm has no crops planned or growing.',
        );
      const lines = all.map((crop) => {
        const where = `${crop.name}${crop.field ? ` on ${crop.field}` : ''}`;
        const sown =
          crop.status === 'planned'
            ? `planned for ${longDate(crop.planting_date)}`
            : `planted ${longDate(crop.planting_date)}`;
        return ask === 'harvest_date'
          ? `${where}: expected harvest ${longDate(crop.expected_harvest)} (${crop.area_ha} ha, ${sown})`
          : `${where}: ${crop.status !== 'planned' && crop.stage ? `stage ${crop.stage}, ` : ''}${crop.area_ha} ha, ${sown}`;
      });
      return answer(
        `${lines.join('; ')}.`,
        all.slice(0, 5).map((crop) => card(`crop:${crop.id}`, crop.name, `${cropLine(crop)}.`)),
      );
    }
    case 'tasks_today':
    case 'tasks_late':
    case 'tasks_person': {
      const tasks = await todayTasks(ctx, { mine: false });
      const namedIn = (name: string) =>
        name
          .toLowerCase()
          .split(' ')
          .some((part) => part.length >= 3 && new RegExp(`\\b${part}\\b`).test(reading.plain));
      if (ask === 'tasks_late') {
        // "What did Musa not finish?": a person named, their late tasks.
        const mine = tasks.overdue.items.filter((task) =>
          task.assignees.some((person) => namedIn(person.name)),
        );
        const late = mine.length ? mine : tasks.overdue.items;
        if (mine.length)
          return answer(
            `${mine.length} of ${mine[0]!.assignees.find((person) => namedIn(person.name))!.name}'s tasks ${mine.length === 1 ? 'is' : 'are'} late: ${mine
              .slice(0, 8)
              .map((task) => `${task.title} (due ${longDate(task.due_date)})`)
              .join('; ')}.`,
          );
        return answer(
          late.length === 0
            ? 'No task is late.'
            : `${tasks.overdue.total} ${tasks.overdue.total === 1 ? 'task is' : 'tasks are'} late: ${late
                .slice(0, 8)
                .map((task) => `${task.title} (due ${longDate(task.due_date)})`)
                .join('; ')}.`,
        );
      }
      if (ask === 'tasks_person') {
        const everyone = [...tasks.overdue.items, ...tasks.due_today.items, ...tasks.upcoming.items];
        const named = everyone.filter((task) => task.assignees.some((person) => namedIn(person.name)));
        const who = named[0]?.assignees.find((person) => namedIn(person.name))?.name;
        return answer(
          named.length === 0 || !who
            ? 'I found no open task given to that person today or in the next days.'
            : `${who}'s open tasks: ${named
                .slice(0, 8)
                .map(
                  (task) =>
                    `${task.title} (${task.due_date === tasks.today ? 'today' : task.due_date < tasks.today ? `late, due ${longDate(task.due_date)}` : longDate(task.due_date)})`,
                )
                .join('; ')}.`,
        );
      }
      // "What is coming up this week?": the tasks of the days ahead, beside today's.
      if (COMING.test(reading.plain)) {
        const ahead = tasks.upcoming.items;
        return answer(
          ahead.length === 0
            ? 'Nothing is planned for the coming days.'
            : `Coming up: ${ahead
                .slice(0, 8)
                .map((task) => `${task.title} (${longDate(task.due_date)})`)
                .join(
                  '; ',
                )}.${tasks.due_today.items.length ? ` Today: ${tasks.due_today.items.map((task) => task.title).join('; ')}.` : ''}`,
        );
      }
      const due = tasks.due_today.items;
      const late = tasks.overdue.total;
      return answer(
        (due.length === 0
          ? 'Nothing is due today.'
          : `Today (${longDate(tasks.today)}): ${due
              .slice(0, 8)
              .map((task) => task.title)
              .join('; ')}.`) + (late ? ` ${late} ${late === 1 ? 'task is' : 'tasks are'} also late.` : ''),
      );
    }
  }
}

/**
 * Whom a record answer is about, as its sentence names them: the groups the question names ("Pen A
 * layers"), the kind it names ("broilers"), or the default. `of` writes "of Pen A layers" after a count.
 */
function who(reading: Reading, animals: Livestock[], fallback: string, of = false): string {
  const named = animals.filter((animal) => namesAnimal(animal, reading) && ownName(animal).length >= 2);
  if (named.length) return `${of ? 'of ' : ''}${named.map(nameOf).join(' and ')}`;
  if (reading.species.length === 1) {
    const kind = SPECIES_NAMES[reading.species[0]!].toLowerCase();
    return fallback.startsWith('Your') ? `Your ${kind}` : kind;
  }
  if (reading.species.length > 1) {
    const kinds = kindWord(reading.species);
    return fallback.startsWith('Your') ? `Your ${kinds}` : kinds;
  }
  return fallback;
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** The farm as the one who owes: "how much do I owe", "our debts", "suppliers we owe". */
const FARM_OWES =
  /\b(i|we|the farm) (still )?(owe|owing|dey owe)\b|\b(my|our) (debts?|creditors?|suppliers?)\b|\bdebt do (i|we) have\b|\bowe (my|our|the) (suppliers?|creditors?)\b/;

/** Asked for the laying rate ("hen-day", "laying percentage", "what percent"). */
const ASKS_LAYING_RATE = /\b(hen-?day|rate|percent\w*|%)|%/;
/** Asked flock by flock ("each pen", "which pen lays better", "per flock"). */
const EACH_FLOCK =
  /\b(each|every|per|by|which|compare\w*) (pen|flock|house|group)s?\b|\b(pen|flock)s? (compare|by pen)\b/;
const POULTRY_KINDS = new Set<LivestockSpecies>([
  'chicken_broiler',
  'chicken_layer',
  'chicken_noiler',
  'chicken_cockerel',
  'duck',
  'guinea_fowl',
  'turkey',
]);
/** The word for animals of these kinds together: birds, fish, or animals. */
function kindWord(kinds: LivestockSpecies[]): string {
  if (kinds.every((kind) => POULTRY_KINDS.has(kind))) return 'birds';
  if (kinds.every((kind) => kind === 'catfish' || kind === 'tilapia')) return 'fish';
  return 'animals';
}

/** Asked what the money went on. */
const ASKS_BREAKDOWN =
  /\b(on what|what (did|have) (i|we) (spend|spent)( money)? on|what (i|we) (spend|spent) (money )?on|biggest|largest|most|main|breakdown|break down|by category|categories|which (costs|expenses)|what (costs|expenses))\b/;

/** Asked how much of a product was sold ("how many crates did we sell"), beside its money. */
const ASKS_QUANTITY = /\b(how many|crates?|kg|kilos?|bags?|tonnes?|litres?|quantity|baskets?|pieces?)\b/;

/** Asked how much was gained: "weight gain", "how much did they grow". */
const ASKS_GAIN = /\b(gain\w*|grow\w*|grew|increase\w*|added|put on)\b/;

/** Words for a kind of supply ("how much fertilizer do we have"), and the store's category. */
const SUPPLY_KINDS: [RegExp, SupplyCategory][] = [
  [/\bfertili[sz]ers?\b/, 'fertilizer'],
  [/\bfeeds?\b/, 'animal_feed'],
  [/\b(vaccines?|drugs?|medicines?|veterinary|vet)\b/, 'veterinary'],
  [/\b(seeds?|seedlings?)\b/, 'seeds_seedlings'],
  [/\b(chemicals?|pesticides?|herbicides?|insecticides?|agrochemicals?)\b/, 'agrochemicals'],
  [/\b(fuel|diesel|petrol)\b/, 'fuel'],
];

/** What the sales sold, by product: "Eggs: 50 crates, ₦260,000". */
function soldAmounts(sold: Sale[]): string {
  const byProduct = new Map<string, { milli: Map<string, number>; kobo: number }>();
  for (const sale of sold) {
    const row = byProduct.get(sale.product) ?? { milli: new Map<string, number>(), kobo: 0 };
    row.kobo += sale.amount_kobo;
    row.milli.set(sale.unit, (row.milli.get(sale.unit) ?? 0) + milliOf(sale.quantity));
    byProduct.set(sale.product, row);
  }
  return [...byProduct.entries()]
    .map(
      ([product, row]) =>
        `${product}: ${[...row.milli.entries()].map(([unit, milli]) => soldQuantity(fromMilli(milli), unit)).join(' and ')}, ${formatNaira(row.kobo)}`,
    )
    .join('; ');
}

/** "50 crates", "330 kg": a unit of the app's list in its words, another as written, counted. */
function soldQuantity(quantity: string, unit: string): string {
  const written = amount(quantity, unit);
  return /^[a-z]{3,}$/.test(unit) && written === `${quantity} ${unit}` && quantity !== '1'
    ? `${written}s`
    : written;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Asked as a rate: "mortality rate", "what percent died". */
const ASKS_RATE = /\b(rate|percent\w*|%)/;
/** Products sold by name ("egg sales", "milk money"): the sales answer them, not an enterprise. */
const PRODUCT_WORDS = /\b(eggs?|milk|meat|crates?)\b/;

/** The last day with a record of this kind for these animals, and what it holds. */
async function lastRecorded(ctx: FarmCtx, animals: Livestock[], ask: RecordAsk): Promise<string> {
  const value = (row: Awaited<ReturnType<typeof productionIn>>[number]): number | null =>
    ask === 'eggs'
      ? row.eggs_collected
      : ask === 'milk'
        ? row.milk_litres == null
          ? null
          : Number(row.milk_litres)
        : ask === 'fish_harvest'
          ? row.fish_kg != null
            ? Number(row.fish_kg)
            : row.fish_count
          : row.feed_quantity == null
            ? null
            : Number(row.feed_quantity);
  let last: string | null = null;
  let total = 0;
  for (const animal of animals) {
    const page = await listProduction(ctx, animal.id, { limit: PAGE });
    const row = page.items.find((item) => value(item) != null);
    if (!row) continue;
    if (!last || row.date > last) {
      last = row.date;
      total = 0;
    }
    if (row.date === last) total += value(row)!;
  }
  const what = { eggs: 'eggs', milk: 'milk', fish_harvest: 'fish taken out', feed_used: 'feed given' }[
    ask as 'eggs' | 'milk' | 'fish_harvest' | 'feed_used'
  ];
  if (!last) return `No ${what} is recorded yet.`;
  const amountText =
    ask === 'eggs'
      ? `${total} eggs`
      : ask === 'milk'
        ? `${round1(total)} litres`
        : ask === 'fish_harvest'
          ? `${round1(total)}${animals.some((animal) => animal.species === 'catfish' || animal.species === 'tilapia') ? ' kg' : ''}`
          : `${round1(total)}`;
  return `Your last record of ${what} is from ${longDate(last)}: ${amountText}.`;
}

/** Asked as an average: "per day", "a day", "daily". */
const ASKS_AVERAGE = /\b(average|per day|a day|daily|each day)\b/;
/** Asked about the days ahead. */
const COMING = /\b(coming|upcoming|this week|next (few )?days|tomorrow|ahead|next week)\b/;
/** A word that names one supply ("how much urea"), rather than the whole store ("what remains"). */
const NAMES_A_SUPPLY = /\bhow (much|many) (?!(do|is|are|dey|remain|left|we|i)\b)[a-z]+/;
/** The note a feed record writes on the store's movement (livestock/records.service.ts). */
const FEED_NOTE = 'Feed for ';

/** The groups or animals the question names, by name ("Pen B", "pond 1"); none when it names none. */
async function namedAnimals(ctx: FarmCtx, reading: Reading): Promise<Livestock[]> {
  const page = await listLivestock(ctx, { limit: PAGE, status: 'active' });
  // A group called by its kind alone ("Goats") is no group named: "how many goats" counts every goat.
  return page.items.filter((animal) => namesAnimal(animal, reading) && ownName(animal).length >= 2);
}

/** Feed given to animals in the period, by supply, on the days it was given. */
async function feedGivenIn(ctx: FarmCtx, period: Period): Promise<Map<string, number>> {
  const page = await listLivestock(ctx, { limit: PAGE });
  const fed = new Map<string, number>();
  for (const animal of page.items)
    for (const row of await productionIn(ctx, animal.id, period))
      if (row.feed_supply_id && row.feed_quantity)
        fed.set(row.feed_supply_id, (fed.get(row.feed_supply_id) ?? 0) + Number(row.feed_quantity));
  return fed;
}

function noAnimals(reading: Reading, ask: RecordAsk): string {
  if (ask === 'eggs') return 'Your records show no laying birds on the farm.';
  return reading.species.length
    ? `Your records show no ${reading.species.map((kind) => SPECIES_NAMES[kind].toLowerCase()).join(' or ')} on the farm.`
    : 'Your records show no animals on the farm.';
}

async function animalsAsked(
  ctx: FarmCtx,
  reading: Reading,
  kinds: LivestockSpecies[] | null,
  withSold = false,
): Promise<Livestock[]> {
  const page = await listLivestock(ctx, { limit: PAGE, ...(withSold ? {} : { status: 'active' }) });
  const kept = page.items.filter((animal) => {
    if (reading.species.length && !reading.species.includes(animal.species)) return false;
    if (kinds && !kinds.includes(animal.species)) return false;
    return true;
  });
  // A flock or animal named ("Pen B layers", "pen b", "Bessie") is the one asked about: by its whole
  // name, or by what is left of it without the kind of animal ("Pen B" of "Pen B layers").
  const named = kept.filter((animal) => namesAnimal(animal, reading));
  return named.length ? named : kept;
}

/** The question names this group or animal: by its whole name, or by what is left of it without the kind of animal. */
function namesAnimal(animal: Livestock, reading: Reading): boolean {
  const name = (animal.name ?? animal.tag ?? '').toLowerCase().trim();
  if (name.length >= 3 && reading.plain.includes(name)) return true;
  const own = ownName(animal);
  return own.length >= 3 && own !== name && new RegExp(`\\b${escapeRegExp(own)}\\b`).test(reading.plain);
}

/** A group's name without the words for its kind ("pen a" of "Pen A layers"). */
function ownName(animal: Livestock): string {
  return (animal.name ?? animal.tag ?? '').toLowerCase().replace(KIND_WORDS, ' ').replace(/\s+/g, ' ').trim();
}

/** Words that say what kind of animal a group is, not which group. */
const KIND_WORDS =
  /\b(layers?|broilers?|noilers?|cockerels?|birds?|fowls?|hens?|chickens?|turkeys?|ducks?|goats?|sheep|rams?|pigs?|cows?|cattle|dairy|catfish|tilapia|fish|rabbits?|group|flock|herd)\b/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function salesIn(ctx: FarmCtx, period: Period): Promise<Sale[]> {
  const rows: Sale[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < PAGES_MAX; i += 1) {
    const page = await listSales(ctx, {
      from: period.from,
      to: period.to,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    rows.push(...page.items);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return rows;
}

/** A product the question names ("egg sales" names Eggs), by its words, singular or plural. */
function productAsked(product: string, plain: string): boolean {
  const words = product
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3)
    .map((word) => word.replace(/(es|s)$/, ''));
  return (
    words.length > 0 && words.every((word) => new RegExp(`\\b${escapeRegExp(word)}(s|es)?\\b`).test(plain))
  );
}

async function productionIn(ctx: FarmCtx, animalId: string, period: Period) {
  const rows = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const result = await listProduction(ctx, animalId, { limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const row of result.items) if (row.date >= period.from && row.date <= period.to) rows.push(row);
    const oldest = result.items.at(-1)?.date;
    if (!result.next_cursor || (oldest && oldest < period.from)) break;
    cursor = result.next_cursor;
  }
  return rows;
}

async function movementsIn(ctx: FarmCtx, supplyId: string, period: Period) {
  const rows = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const result = await listMovements(ctx, supplyId, { limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const row of result.items) {
      const day = dateIn(FARM_TIME_ZONE, new Date(row.created_at));
      if (day >= period.from && day <= period.to) rows.push(row);
    }
    const oldest = result.items.at(-1)?.created_at;
    if (!result.next_cursor || (oldest && dateIn(FARM_TIME_ZONE, new Date(oldest)) < period.from)) break;
    cursor = result.next_cursor;
  }
  return rows;
}

/** A supply the question names by a word of its name ("urea", "layer mash"). */
function namesSupply(plain: string, name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => word.length >= 3 && !SUPPLY_WORDS.has(word) && new RegExp(`\\b${word}`).test(plain));
}
const SUPPLY_WORDS = new Set(['bag', 'bags', 'the', 'and', 'for', 'kg', 'litre', 'litres', 'pack', 'feed']);
/** Supplies whose movements are read at most for one question. */
const SUPPLIES_MAX = 20;
/** Nigeria keeps one time zone all year. */
const FARM_TIME_ZONE = 'Africa/Lagos';

async function eventsIn(ctx: FarmCtx, animalId: string, period: Period) {
  const rows = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const result = await listEvents(ctx, animalId, { limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const row of result.items) if (row.date >= period.from && row.date <= period.to) rows.push(row);
    const oldest = result.items.at(-1)?.date;
    if (!result.next_cursor || (oldest && oldest < period.from)) break;
    cursor = result.next_cursor;
  }
  return rows;
}

function nameOf(animal: Livestock): string {
  return animal.name ?? animal.tag ?? SPECIES_NAMES[animal.species];
}

function lastDays(today: string, days: number): Period {
  const from = addDays(today, -(days - 1));
  return { from, to: today, words: `in the last ${days} days (${longDate(from)} to ${longDate(today)})` };
}

function monthSoFar(today: string): Period {
  const from = `${today.slice(0, 8)}01`;
  return { from, to: today, words: `this month (${longDate(from)} to ${longDate(today)})` };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** An enterprise (a planting or an animal group) the question names by its crop, animal or name. */
function enterpriseAsked(name: string | null, reading: Reading): boolean {
  if (!name) return false;
  const lower = name.toLowerCase();
  if (reading.crop && lower.includes(reading.crop.name.toLowerCase())) return true;
  if (reading.species.some((kind) => lower.includes(SPECIES_NAMES[kind].toLowerCase().replace(/s$/, ''))))
    return true;
  return (
    lower.length >= 3 &&
    new RegExp(`\\b${lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(reading.plain)
  );
}

const CATEGORY_WORDS: Record<string, RegExp> = {
  seeds: /\bseeds?\b/,
  fertilizer: /\b(fertili[sz]ers?|urea|npk|manure)\b/,
  agrochemicals: /\b(chemicals?|pesticides?|herbicides?|insecticides?|agrochemicals?|spray)\b/,
  feed: /\b(feeds?|feeding)\b/,
  veterinary: /\b(vet|veterinary|drugs?|vaccines?|medicine)\b/,
  labour: /\b(labou?r|workers?|wages?|salar\w*|pay run)\b/,
  fuel: /\b(fuel|diesel|petrol|fuelling)\b/,
  equipment: /\b(equipment|tools?|machines?|tractor)\b/,
  transport: /\b(transport|transportation|haulage|delivery)\b/,
  land_rent: /\b(rent|land rent|lease)\b/,
  utilities: /\b(utilit\w*|electricity|water bill|nepa|light bill)\b/,
  loan_repayment: /\b(loan|repayment)\b/,
};

function categoryAsked(category: string, plain: string): boolean {
  return CATEGORY_WORDS[category]?.test(plain) ?? false;
}
