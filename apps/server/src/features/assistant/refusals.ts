import type { AssistantRefusal, FactCard } from '@gona/shared/assistant';
import type { KnowledgeCrop } from '@gona/shared/crops';
import type { Language } from './reading';
import { BANNED_SOURCE } from './safety';

/**
 * What the assistant must not guess (research §5.6): a notifiable animal disease goes to the state
 * veterinary office, pesticide use outside its label is refused with the label's rule, and a
 * question nothing vetted answers well gets "I don't know this one". These answers are fixed words,
 * never a language model's.
 */
export type Refusal = { refusal: AssistantRefusal; text: string; cards: FactCard[] };

type Hit = FactCard & { rank: number; notifiable?: boolean };

/**
 * A notifiable disease the question's signs point to (signs.ts): isolate and call the state
 * veterinary office; no treatment advice. The cards say what it is (signs and source), never how
 * to treat it.
 */
export function notifiableRefusal(disease: string, hits: Hit[], state: string | null): Refusal {
  const office = state ? `the ${state} State veterinary office` : "your state's veterinary office";
  return {
    refusal: 'notifiable_disease',
    text:
      `What you describe could be ${disease}, a disease the law says must be reported. ` +
      'Keep the sick animals apart from the others, let no one move, sell or slaughter any animal from the farm, and keep visitors out. ' +
      `Call ${office} (at the state Ministry of Agriculture) today. I can't give treatment advice for this disease.`,
    cards: hits
      .filter((hit) => hit.notifiable)
      .slice(0, 2)
      .map(card),
  };
}

/** Products farmers name, with what their labels allow where a question can go wrong. */
const PRODUCTS: { pattern: RegExp; name: string; crops?: string[]; food?: boolean }[] = [
  { pattern: /\b(sniper|dichlorvos|ddvp|nuvan)\b/, name: 'Dichlorvos (Sniper, DDVP)', food: true },
  {
    pattern: /\b(gammalin|lindane|endosulfan|thiodan)\b/,
    name: 'Lindane or endosulfan (Gammalin)',
    food: true,
  },
  { pattern: /\b(carbofuran|furadan)\b/, name: 'Carbofuran (Furadan)', food: true },
  { pattern: /\batrazine\b/, name: 'Atrazine', crops: ['maize', 'sorghum', 'millet'] },
  { pattern: /\b(2,?4-?d|2 4 d)\b/, name: '2,4-D', crops: ['maize', 'sorghum', 'millet', 'rice'] },
  { pattern: /\b(glyphosate|roundup|round up)\b/, name: 'Glyphosate (Roundup)', crops: [] },
  { pattern: /\b(paraquat|gramoxone)\b/, name: 'Paraquat (Gramoxone)', crops: [] },
];
const CHEMICAL =
  /\b(pesticides?|insecticides?|herbicides?|fungicides?|chemicals?|poison|spray(s|ed|ing)?|weed ?killers?|sniper|dichlorvos|ddvp|nuvan|gammalin|lindane|endosulfan|carbofuran|furadan|atrazine|glyphosate|roundup|paraquat|gramoxone|cypermethrin|lambda|karate|cyhalothrin|emamectin|chlorpyrifos|dursban|mancozeb|ridomil|metalaxyl|imidacloprid|2,?4-?d)\b/;
const MIXING = /\b(mix|mixing|mixed|combine|combining|cocktail|together with)\b/;
const STRONGER =
  /\b(increase|raise|double|triple|stronger|extra|overdose)\b.*\b(dose|dosage|rate|quantity|amount|concentration|chemical|spray)|\b(more|higher) (dose|dosage|rate|than the label)\b|\badd more\b/;
const NEAR_HARVEST =
  /\b(before|near|close to|during|day of|days to|week of) (the )?harvest\w*\b|\bharvest\w*\b.*\b(after|same day|next day|day after)\b.*\bspray\w*\b|\bspray\w*\b.*\b(then|and|before i) (harvest|sell|eat)\b|\bspray\w*\b.*\b(can i|fit i|i fit|make i|should i) (harvest|sell|eat)\b/;
/** "How many days after spraying can I harvest?" asks the waiting time the label gives, not to cut it. */
const WAITING =
  /\bhow (many|much) (days?|weeks?|time)\b|\bhow long\b|\b(wait|waiting)\b|\bpre ?-?harvest interval\b/;
const ON_FOOD =
  /\b(stored|storage|store|preserve|preserving|grains?|beans|dried fish|fish|meat|food|to keep weevils)\b/;
const ON_ANIMALS =
  /\b(goats?|sheep|cattle|cows?|pigs?|chickens?|birds?|fowls?|ticks|lice|fleas|fishing|catch fish)\b/;
const LAND_CLEARING = /\b(before planting|clear(ing)? (the )?(land|bush|farm)|land preparation|fallow)\b/;

/**
 * Pesticide use outside its label: mixing products, raising a dose, spraying near harvest, a
 * product on food or animals it is not made for, or on a crop its label does not name.
 */
export function offLabelRefusal(normalized: string, crop: KnowledgeCrop | null): Refusal | null {
  if (!CHEMICAL.test(normalized)) return null;
  const product = PRODUCTS.find((candidate) => candidate.pattern.test(normalized));
  const reason = offLabelReason(normalized, product, crop);
  if (!reason) return null;
  const cropWords = crop ? `your ${crop.name.toLowerCase()}` : 'your crop';
  return {
    refusal: 'off_label',
    text:
      `I can't advise using ${product ? lowerFirst(product.name) : 'a pesticide'} that way. ${reason} ` +
      'A pesticide is used only as its label says: on the crops and pests it names, at the rate it gives, never mixed with another product unless the label allows it, and never closer to harvest than the days the label gives (the pre-harvest interval). ' +
      `For a product labelled for ${cropWords}, ask an extension officer or a registered agro-dealer.`,
    cards: [LABEL_RULE],
  };
}

function offLabelReason(
  normalized: string,
  product: (typeof PRODUCTS)[number] | undefined,
  crop: KnowledgeCrop | null,
): string | null {
  if (MIXING.test(normalized)) return 'Mixing products can burn the crop and poison the person spraying.';
  if (STRONGER.test(normalized))
    return 'A stronger dose does not kill more pests: it leaves poison on the food and the pests learn to resist it.';
  if (NEAR_HARVEST.test(normalized) && !WAITING.test(normalized))
    return 'Food harvested too soon after spraying still carries the poison.';
  if (product?.food && ON_FOOD.test(normalized))
    return `${product.name} is not made for food: grain, beans or fish treated with it can poison the people who eat them. Keep grain dry in airtight bags instead.`;
  if (product?.food && ON_ANIMALS.test(normalized))
    return `${product.name} is not made for use on animals or in water: it can kill them and poison their meat, milk and eggs.`;
  if (product?.crops && crop && !product.crops.includes(crop.key) && !LAND_CLEARING.test(normalized))
    return product.crops.length
      ? `${product.name} is not labelled for ${crop.name.toLowerCase()}: it can kill the crop or leave poison in it.`
      : `${product.name} kills any green plant it touches, so it is not sprayed over ${crop.name.toLowerCase()}.`;
  return null;
}

const LABEL_RULE: FactCard = {
  kind: 'advice',
  key: 'rule:pesticide_label',
  title: 'Use a pesticide only as its label says',
  text: 'Use only a registered product on the crop and pest its label names, at the label rate, with protective clothing, and respect the pre-harvest interval before harvesting.',
  source: {
    title: 'International Code of Conduct on Pesticide Management',
    organisation: 'FAO and WHO',
    year: 2014,
    url: null,
  },
};

/** Products Nigeria bans, named: never advised, whatever the use. */
export function bannedRefusal(names: string[]): Refusal {
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return {
    refusal: 'off_label',
    text:
      `${list} ${names.length === 1 ? 'is' : 'are'} banned in Nigeria (NAFDAC): do not buy, use or keep ${names.length === 1 ? 'it' : 'them'}, on crops, stored food, animals or water. ` +
      'For a registered product that is labelled for your crop and pest, ask an extension officer or a registered agro-dealer.',
    cards: [BANNED_CARD, LABEL_RULE],
  };
}

const BANNED_CARD: FactCard = {
  kind: 'advice',
  key: 'rule:banned_pesticides',
  title: 'Pesticides banned in Nigeria',
  text: 'NAFDAC has banned DDT, lindane (Gammalin), endosulfan, aldrin, dieldrin, endrin, chlordane, heptachlor, toxaphene, parathion, monocrotophos, methamidophos and phosphamidon, and later carbofuran (Furadan) and paraquat (Gramoxone).',
  source: BANNED_SOURCE,
};

/** The languages the assistant reads only by their crop and animal names. */
export function isLocalLanguage(language: Language): boolean {
  return language === 'ha' || language === 'yo' || language === 'ig';
}

/** Said, in English, beside an answer to a question in Hausa, Yoruba or Igbo. */
export const LANGUAGE_NOTE =
  'I understand English and Pidgin best: ask again in one of them for a fuller answer.';

/** A question in Hausa, Yoruba or Igbo whose crop or animal the assistant could not read. */
export function languageAnswer(): Refusal {
  return {
    refusal: 'unknown',
    text:
      'Sorry, I understand English and Pidgin best, and I could not read this question. ' +
      'Please ask again in English or Pidgin, naming the crop or animal (for example: "When should I plant maize?").',
    cards: [],
  };
}

/** Nothing vetted matched well enough and no look-up answers it. */
export function unknownAnswer(): Refusal {
  return {
    refusal: 'unknown',
    text:
      "I don't know this one. I answer only from checked farming guides and your farm's records, and nothing there matches your question well enough. " +
      "Ask an extension officer (your state's Agricultural Development Programme office), or ask again naming the crop or animal.",
    cards: [],
  };
}

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

function card({ kind, key, title, text, source }: Hit): FactCard {
  return { kind, key, title, text, source };
}
