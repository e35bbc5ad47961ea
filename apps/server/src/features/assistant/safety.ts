import type { FactCard } from '@gona/shared/assistant';

/**
 * A person before a farm (docs/decisions/055-assistant-reads-the-question-and-cares-first.md). A question that
 * speaks of ending one's life, in English, Pidgin, Hausa, Yoruba or Igbo, gets a short, kind answer
 * with a way to reach help now and nothing else; someone who swallowed a pesticide goes to the
 * hospital with the label; medicine for people goes to a clinic or a pharmacist. These words are
 * fixed (never a language model's) and are reviewed like a safety feature: short, plain, no blame.
 */

/** Ending one's life, said in the ways people say it. Read on the question as written, lower case, without accents. */
const CRISIS: RegExp[] = [
  // English
  /\b(suicid\w*|self[- ]?harm\w*)\b/,
  /\b(kill|hang|harm|hurt|cut|poison|shoot|drown|end)(ing)? (my ?self|myself|me)\b/,
  /\b(end|take|taking|ending) (my|my own) life\b/,
  /\bend (it|everything) all\b|\bend it (all )?(now|today|tonight)\b|\bend everything\b/,
  /\b(i|i am|i'm|im|me)( \w+){0,2} (want|wanna|going|ready|plan|planning) (to )?die\b/,
  /\bfeel(ing)? like (dying|ending it|killing myself|ending my life)\b/,
  /\b(comot|leave|leaving|exit|quit) (for |from )?(this|the) world\b/,
  /\b(nobody|no one|no body) (will|go|would) miss me\b|\bbetter (off )?(if|when) i (die|am gone|no dey)\b/,
  /\b(kills?|killed|killing|finish\w*) (a |one |the )?(person|man|woman|human|human being|somebody|someone|people)\b/,
  /\b(do not|don'?t|dont|no longer|not) want to (live|be alive|wake up)\b/,
  /\b(no|nothing) (reason|point) (to|in) (live|living|go on|going on)\b/,
  /\bbetter off dead\b|\btired of (living|life|being alive)\b|\bcan'?t go on\b|\bgive up on life\b/,
  /\b(drink|swallow|take|eat)\b.*\b(to|so i can|so that i|and) (die|end it|sleep forever|never wake)\b/,
  /\bhow (much|many)\b.*\b(kill|finish|end) (a person|a man|a human|someone|me|myself)\b/,
  // Pidgin
  /\b(i|make i|i go|i wan|i want|i don want|i fit) (just )?(kill|kpai|finish|end) (myself|my self|my life)\b/,
  /\b(i|make i) (just |only |simply )?(wan|want|go|fit) (just )?die\b/,
  /\bmake i (just )?die\b|\bi no (wan|want) (live|dey alive)\b|\blife (don )?tire me\b|\bi don tire for (this )?life\b/,
  // Hausa: kashe kaina (kill myself), ina so in mutu / ina son mutuwa (I want to die), na gaji da rayuwa (tired of life)
  /\bkashe kai(na|n)\b|\b(ina|na) (so|son|sonn) (in |na )?mutu\w*\b|\bgaji da rayuwa\b/,
  // Yoruba: pa ara mi (kill myself), mo fe ku (I want to die), aye su mi (life wearies me)
  /\bpa ara (mi|e)\b|\bmo fe ku\b|\bmo fe ki n ku\b|\baye (ti )?su mi\b/,
  // Igbo: gbuo onwe m / igbu onwe m (kill myself), acho m inwu / achoro m inwu (I want to die), ndu agwula m ike (life has tired me)
  /\b(gbuo|igbu|gbu) onwe (m|mu)\b|\bacho(ro)? m (i ?nwu|ka m nwu)\b|\bndu agwula m\b/,
];

const TO_REST =
  /\b(drink|swallow|take|chop)\b.*\b(and|make i|so i can|so that i|to) (rest|sleep|die)( forever| for good| finish)?\b/;

/** Someone (not an animal) swallowed, drank or breathed a pesticide or chemical. */
const PERSON =
  /\b(i|me|my (child|son|daughter|baby|boy|girl|wife|husband|brother|sister|mother|father|worker|labourer|farmhand|neighbou?r|friend)|child|children|kid|kids|baby|pikin|pickin|small pikin|toddler|boy|girl|person|someone|somebody|man|woman|worker|he|she|omo|yaro|nwata)\b/;
const SWALLOWED =
  /\b(swallowed|swallow|drank|drunk|ate|eaten|don (drink|chop|swallow|taste)|chopped|inhaled|breathed (it )?in|splashed|spilled|spilt|poured)\b/;
const POISON_WORDS =
  /\b(poison\w*|pesticides?|insecticides?|herbicides?|fungicides?|chemicals?|agro ?chemicals?|weed ?killers?|rat poison|sniper|dichlorvos|ddvp|nuvan|gammalin|lindane|endosulfan|carbofuran|furadan|paraquat|gramoxone|glyphosate|roundup|cypermethrin|karate|lambda|chlorpyrifos|dursban|atrazine|2,?4-?d|herbicide|kerosene|bleach|jik|otapiapia|majele|guba|nsi)\b/;
/** Pidgin tells the past in the present ("my pikin drink Sniper"): a person, then the drinking. */
const PERSON_DRANK =
  /\b(pikin|pickin|child|baby|son|daughter|boy|girl|he|she|wife|husband|worker|somebody|someone)\b (don |mistakenly |accidentally |by mistake )?(drink|swallow|chop|eat|taste)\b/;
const UNWELL =
  "(dizzy|faint\\w*|vomit\\w*|collaps\\w*|convuls\\w*|can'?t breathe|cannot breathe|not breathing|foam\\w* (at|for) (the )?mouth|unconscious|weak and sweating|eyes? (dey )?(burn\\w*|pain\\w*|itch\\w*|red)|skin (dey )?(burn\\w*|itch\\w*))";
const SPRAYED = '(spray\\w*|chemical|pesticide|insecticide|herbicide|poison)';
/** Unwell after spraying, in either order ("I feel dizzy after spraying", "I sprayed and now my eyes burn"). */
const AFTER_SPRAYING = new RegExp(`\\b${UNWELL}\\b.*\\b${SPRAYED}\\b|\\b${SPRAYED}\\b.*\\b${UNWELL}\\b`);
const ANIMAL =
  /\b(goats?|sheep|cows?|cattle|pigs?|chickens?|birds?|fowls?|layers?|broilers?|dogs?|cats?|fish|rabbits?|turkeys?|ducks?|animals?|livestock|rats?|mice)\b/;

/**
 * Swallowed, in Hausa, Yoruba and Igbo: a child or a person (yaro, omo, nwa), drank or ate (sha, ci,
 * mu, je, nuru, riri), a farm chemical or poison (maganin kwari, oogun kokoro, ogwu ahuhu, guba,
 * majele, nsi). Read before any language fallback: a poisoning is never "ask again in English".
 */
const LOCAL_PERSON =
  /\b(yaro|yarinya|yaro na|dana|'?yata|jariri|mutum|omo|omode|omo mi|eniyan|nwa|nwa m|nwata|nwatakiri|onye)\b/;
const LOCAL_SWALLOWED = /\b(ya sha|ta sha|sha|ya ci|ta ci|mu|je|ti mu|ti je|nuru|nu|riri|loro|lori)\b/;
const LOCAL_POISON =
  /\b(maganin (kwari|ciyawa|kashe kwari)|guba|oogun (kokoro|eku|igbo)|majele|ogwu (ahuhu|umu ahuhu|oke|ahihia)|nsi)\b/;

/**
 * A drug kept for animals, asked about for a person ("for myself", "give my son"): medicine for
 * people, even though an animal is named.
 */
const DRUG_NAMED =
  /\b(drugs?|medicines?|tablets?|pills?|injections?|antibiotics?|dewormers?|ivermectin|tetracycline|oxytetracycline|albendazole|levamisole|amprolium|penicillin|tylosin|enrofloxacin|sulpha\w*|multivitamins?)\b/;
const FOR_A_PERSON =
  /\b(on (myself|my ?self|me|my (body|skin|head|son|daughter|child|baby|wife|husband|pikin))|for (myself|my ?self|me|my own|my (son|daughter|child|children|baby|wife|husband|pikin|mother|father|brother|sister|family|body))|my own (worms?|body|malaria|fever|cough|illness|sickness|wound|pain)|(give|gave|giving) (it |am |them )?(to )?my (son|daughter|child|children|baby|wife|husband|pikin|mother|father|brother|sister|family|people)|(can|should|may|fit) (i|person|a person|somebody|someone|human beings?|humans?) (take|swallow|drink)|inject (myself|my ?self|me)|make i (take|drink|swallow)|(humans?|people|persons?|human beings?) (take|use|drink|swallow)|for (humans?|people|human beings?)|my (son|daughter|child|children|baby|wife|husband|pikin|mother|father|brother|sister)\b.*\b(give|gave|giving) (am|him|her|them))\b/;

/** Medicine for people: a person's illness or a drug for one, without an animal or a crop. */
const HUMAN_ILLNESS =
  /\b(malaria|typhoid|headache|head ache|body pain|body ache|stomach ache|toothache|cough|fever|catarrh|cold|sore|wound|cut|diarrh\w*|running stomach|ulcer|pile|piles|hypertension|blood pressure|diabetes|pregnan\w*|period|snake ?bite|bitten by a snake|scorpion)\b/;
const HUMAN_SELF =
  /\b(i have|i get|i dey get|i'?ve got|i am sick|i'?m sick|i feel|my body|my head|my stomach|my belle|me i|for me|my (child|son|daughter|baby|wife|husband|pikin|mother|father|brother|sister|worker))\b/;
const HUMAN_DRUG =
  /\b(drug|drugs|medicine|tablets?|pills?|injection|treat|treatment|cure|take|antibiotics?)\b/;
/** Illnesses only people get, and asking what a person should take. */
const HUMAN_ONLY =
  /\b(malaria|typhoid|headache|toothache|hypertension|blood pressure|diabetes|piles?|ulcer|catarrh|(can|should|do) i take|i fit take|make i take)\b/;
const SNAKE = /\bsnake ?bite|bitten by a snake|snake (bite|bit|don bite)\b/;

/** What a question is, before it is a farming question. */
export type Care = 'crisis' | 'poisoning' | 'human_medicine';

export function careNeeded(text: string, farmSubject = false): Care | null {
  if (CRISIS.some((pattern) => pattern.test(text))) return 'crisis';
  // "Make I drink otapiapia and rest": a poison taken to rest, sleep or go is taken to die.
  if (POISON_WORDS.test(text) && /\b(i|make i|me)\b/.test(text) && TO_REST.test(text)) return 'crisis';
  const animal = ANIMAL.test(text.replace(/\brat poison\b/g, ''));
  const swallowed =
    (SWALLOWED.test(text) || PERSON_DRANK.test(text)) &&
    POISON_WORDS.test(text) &&
    PERSON.test(text) &&
    !animal;
  if (swallowed || (AFTER_SPRAYING.test(text) && !animal)) return 'poisoning';
  if (SNAKE.test(text) && !animal) return 'poisoning';
  if (LOCAL_PERSON.test(text) && LOCAL_SWALLOWED.test(text) && LOCAL_POISON.test(text)) return 'poisoning';
  // A drug kept for animals, for a person ("the ivermectin I use for my goats, for my own worms").
  if (DRUG_NAMED.test(text) && FOR_A_PERSON.test(text)) return 'human_medicine';
  if (!animal && !farmSubject && HUMAN_DRUG.test(text)) {
    if (HUMAN_ONLY.test(text) || (HUMAN_SELF.test(text) && HUMAN_ILLNESS.test(text))) return 'human_medicine';
  }
  return null;
}

/**
 * Nigeria's national emergency number, toll-free from any network (the Nigerian Communications
 * Commission). Only numbers checked against their publisher are written here.
 */
export const EMERGENCY_NUMBER = '112';
const EMERGENCY_SOURCE = {
  title: 'NCC: 112, the national emergency number (statement of the Nigerian Communications Commission)',
  organisation: 'Nigerian Communications Commission',
  year: 2020,
  url: 'https://www.thisdaylive.com/index.php/2020/04/06/ncc-harps-on-significance-of-112-emergency-number/',
};

const HELP_CARD: FactCard = {
  kind: 'advice',
  key: 'care:emergency_112',
  title: 'Help now: call 112',
  text: '112 is Nigeria’s emergency number. It is free from any phone network, and the people who answer send help: an ambulance, the police or the fire service.',
  source: EMERGENCY_SOURCE,
};

const FIRST_AID_CARD: FactCard = {
  kind: 'advice',
  key: 'advice:pesticide_poisoning',
  title: 'If someone is poisoned',
  text: 'Take the person away from the chemical, remove wet clothes and wash the skin with plenty of water. Take them and the product’s label to a hospital at once; do not make them vomit unless a health worker says so.',
  source: null,
};

export type CareAnswer = { text: string; cards: FactCard[] };

/**
 * The answer for a person, not a farm. `firstAid` is the knowledge base's own card (with its
 * source) when it has one; the fixed words above stand in for it otherwise.
 */
export function careAnswer(care: Care, firstAid: FactCard | null): CareAnswer {
  switch (care) {
    case 'crisis':
      return {
        text:
          "I'm really sorry you are going through this. You matter, and you do not have to face it alone. " +
          `If you might hurt yourself now, call ${EMERGENCY_NUMBER} (free from any phone) or go to the nearest hospital. ` +
          'Please tell someone you trust how you feel, today, and stay with them. ' +
          'If you have taken a chemical or pesticide, go to the hospital now and take its label with you. ' +
          'Whatever has happened, with the farm, money or anything else, people can help you through it.',
        cards: [HELP_CARD],
      };
    case 'poisoning':
      return {
        text:
          'Go to the nearest hospital or clinic now, and take the product or its label with you. ' +
          `If you cannot get there quickly, call ${EMERGENCY_NUMBER} (free from any phone). ` +
          'On the way: move the person away from the chemical, take off wet clothes, and wash the skin or eyes with plenty of clean water. ' +
          'Do not make them vomit and do not give palm oil, milk or anything else unless a health worker says so.',
        cards: [firstAid ?? FIRST_AID_CARD, HELP_CARD],
      };
    case 'human_medicine':
      return {
        text:
          'I answer farming questions only, so I cannot advise on medicine for people. ' +
          'Please see a doctor or nurse at a clinic, or ask a pharmacist. ' +
          `If it is serious (a snake bite, a child who is very ill, trouble breathing), go to the hospital now or call ${EMERGENCY_NUMBER}.`,
        cards: [HELP_CARD],
      };
  }
}

/**
 * Pesticides Nigeria bans (NAFDAC): the persistent organochlorines and other hazardous products
 * banned from sale and supply, carbofuran (banned at once in 2023) and paraquat (phased out,
 * banned from 2024). A question naming one is told so.
 */
const BANNED: { pattern: RegExp; name: string }[] = [
  { pattern: /\bddt\b/, name: 'DDT' },
  { pattern: /\b(lindane|gammalin\w*|gamalin\w*|hch)\b/, name: 'Lindane (Gammalin)' },
  { pattern: /\b(endosulfan|thiodan)\b/, name: 'Endosulfan' },
  { pattern: /\baldrin\b/, name: 'Aldrin' },
  { pattern: /\bdieldrin\b/, name: 'Dieldrin' },
  { pattern: /\bendrin\b/, name: 'Endrin' },
  { pattern: /\bchlordane\b/, name: 'Chlordane' },
  { pattern: /\bheptachlor\b/, name: 'Heptachlor' },
  { pattern: /\btoxaphene\b/, name: 'Toxaphene' },
  { pattern: /\b(methyl )?parathion\b/, name: 'Parathion' },
  { pattern: /\bmonocrotophos\b/, name: 'Monocrotophos' },
  { pattern: /\bmethamidophos\b/, name: 'Methamidophos' },
  { pattern: /\bphosphamidon\b/, name: 'Phosphamidon' },
  { pattern: /\b(carbofuran|furadan)\b/, name: 'Carbofuran (Furadan)' },
  { pattern: /\b(paraquat|gramoxone)\b/, name: 'Paraquat (Gramoxone)' },
];

export const BANNED_SOURCE = {
  title: 'NAFDAC bans 30 pesticides and other chemicals in Nigeria; paraquat phased out in 2024',
  organisation: 'NAFDAC',
  year: 2022,
  url: 'https://www.sunnewsonline.com/nafdac-bans-30-pesticides-other-chemicals-in-nigeria-2/',
};

/** The banned products a question names, as they are called. */
export function bannedProducts(text: string): string[] {
  return BANNED.filter((product) => product.pattern.test(text)).map((product) => product.name);
}
