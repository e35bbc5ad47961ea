import type { LivestockSpecies } from '@gona/shared/livestock';

/**
 * Alarms on signs, never on names or counts (docs/decisions/055-assistant-reads-the-question-and-cares-first.md):
 * a notifiable disease is raised when the question describes what the farmer sees that points to
 * it (named or not), or names it as being on the farm or asks to treat it. A head count, eggs, feed,
 * housing, deaths with no sign, or a common illness (a goat's cough) never raise it, whatever the
 * facts retrieved beside the question say.
 */

const POULTRY: LivestockSpecies[] = [
  'chicken_broiler',
  'chicken_layer',
  'chicken_noiler',
  'chicken_cockerel',
  'turkey',
  'guinea_fowl',
  'duck',
];
const RUMINANTS: LivestockSpecies[] = ['cattle', 'goat', 'sheep'];

/** One sign, in the words farmers use for it (English and Pidgin), on the question as written. */
const SIGN = {
  fever:
    /\b(fever|high temperature|temperature (is )?high|hot body|body (dey |is |are |very )?hot|feverish)\b/,
  deaths: /\b(die|dies|died|dying|dead|death|deaths|kpai|don die|they die|dey die|mortality)\b/,
  manyDeaths:
    /\b(sudden(ly)?|many|plenty|lots?|all|one after another|every day|overnight|in (one|a) day|within days|dey die|dying)\b.*\b(die|dies|died|dying|dead|death|deaths|kpai)\b|\b(die|dies|died|dying|dead|deaths)\b.*\b(sudden(ly)?|many|plenty|fast|quickly|overnight|in numbers)\b/,
  // The colour before the place ("purple ears") or after it ("the ears don turn purple").
  skinBlotches:
    /\b(red|reddish|purple|purplish|blue|bluish|dark|wine)\b.{0,30}\b(blotch\w*|patch\w*|spots?|skin|ears?|belly|legs?|rash)\b|\b(blotch\w*|patch\w*|rash|skin|ears?|belly)\b.{0,25}\b(red|reddish|purple|purplish|blue|bluish|wine)\b/,
  bloodyDiarrhoea: /\b(bloody|blood (for|in) (the )?(dung|stool|poo|faeces|feces)|blood(y)? diarrh\w*)\b/,
  vomiting: /\bvomit\w*\b/,
  mouthSores:
    /\b(sores?|ulcers?|wounds?|blisters?|lesions?|rashes?)\b.{0,25}\b(mouth|lips?|tongue|gums?)\b|\b(mouth|lips?|tongue|gums?)\b.{0,25}\b(sores?|ulcers?|wounds?|blisters?|lesions?)\b|\bsore for (im |their |dem )?mouth\b/,
  footSores:
    /\b(blisters?|sores?|wounds?|ulcers?|lesions?)\b.{0,30}\b(feet|foot|hooves|hoof|claws?|legs?)\b|\b(feet|foot|hooves|hoof|claws?)\b.{0,30}\b(blisters?|sores?|wounds?|ulcers?)\b/,
  blisters: /\bblisters?\b|\bvesicles?\b/,
  drooling:
    /\b(drool\w*|saliva\w*|slobber\w*|foam\w* (at|from|for) (the )?mouth|spit (dey|is) (comot|coming|pouring))\b/,
  lameness: /\b(lame\w*|limp\w*|cannot walk|can'?t walk|no fit waka|not walking)\b/,
  diarrhoea: /\b(diarrh\w*|running stomach|purg\w*|stooling|watery (dung|stool|faeces|feces|droppings?))\b/,
  discharge:
    /\b(discharge|running nose|runny nose|catarrh|mucus|pus)\b|\b(nose|nostrils?|eyes?)\b.{0,20}\b(run|runs|running|watery|pus|discharg\w*|sticky|catarrh)\b|\b(catarrh|water|mucus)\b.{0,20}\b(nose|nostrils?|eyes?)\b/,
  cough: /\bcough\w*\b/,
  fastBreathing:
    /\b(breath\w* (fast|hard|heavily|with difficulty)|fast breathing|difficult(y)? (in )?breath\w*|struggl\w* to breathe|gasp\w*|pant\w*)\b/,
  cbppStance:
    /\belbows?\b.{0,20}\b(out|apart|turned)\b|\bhead\b.{0,20}\b(stretch\w*|extend\w*)\b|\bneck\b.{0,15}\bstretch\w*\b/,
  bloodFromOpenings:
    /\bblood\w*\b.{0,40}\b(nose|mouth|anus|ears?|openings?|back ?side|nostrils?)\b|\b(nose|mouth|anus|nostrils?)\b.{0,25}\bblood\w*\b|\bblood (that |wey )?(does not|doesn'?t|no) clot\b/,
  swollenCarcass: /\b(carcass|body)\b.{0,20}\b(swell|swollen|bloat\w*)\b/,
  swollenHead:
    /\b(swollen|swell\w*|puff\w*)\b.{0,25}\b(heads?|faces?|combs?|wattles?|eyes?|necks?)\b|\b(heads?|faces?|combs?|wattles?)\b.{0,25}\b(swollen|swell\w*)\b/,
  blueComb:
    /\b(blue|purple|bluish|purplish|dark)\b.{0,25}\b(combs?|wattles?|legs?|shanks?)\b|\b(combs?|wattles?)\b.{0,25}\b(blue|purple|dark)\b/,
  twistedNeck:
    /\b(twist\w*|turn\w*|bent|bend\w*|crooked|wry)\b.{0,15}\b(necks?|heads?)\b.{0,12}\b(back\w*|round|around|side\w*)\b|\b(twist\w*|turn\w*|bent|bend\w*|crooked|wry)\b.{0,15}\bnecks?\b|\bnecks?\b.{0,15}\b(twist\w*|turn\w*|bend\w*|bent|crooked)\b|\btorticollis\b|\bstar ?gaz\w*\b/,
  paralysis:
    /\b(paraly\w*|(cannot|can'?t|unable to|no fit|not able to) (stand|get up|walk)|drag\w* (their |its )?(legs?|wings?)|wings? (drop|droop)\w*)\b/,
  greenDroppings: /\bgreen\w*\b.{0,25}\b(droppings?|diarrh\w*|poo|faeces|feces|shit|stool)\b/,
  dogBite:
    /\b(dog|dogs|jackal|fox)\b.{0,25}\b(bit|bite|bitten)\b|\b(bit|bitten)\b.{0,20}\bby (a |one )?dog\b/,
  cannotSwallow: /\b(cannot|can'?t|unable to|no fit) swallow\b/,
  aggressive: /\b(aggressive|attack\w*|mad|strange(ly)? (tame|behaviou?r)|bellow\w*)\b/,
} as const;
type Sign = keyof typeof SIGN;

/** A notifiable disease: the animals it strikes, the names it goes by, and when signs point to it. */
type Notifiable = {
  name: string;
  species: LivestockSpecies[];
  names: RegExp;
  /** True when the signs described point to it. */
  points: (signs: Set<Sign>) => boolean;
};

const has = (signs: Set<Sign>, ...any: Sign[]) => any.some((sign) => signs.has(sign));

export const NOTIFIABLE: Notifiable[] = [
  {
    name: 'African swine fever',
    species: ['pig'],
    names: /\b(african swine fever|swine fever|asf)\b/,
    points: (s) =>
      (s.has('skinBlotches') && has(s, 'fever', 'deaths', 'bloodyDiarrhoea', 'vomiting')) ||
      (s.has('fever') && s.has('manyDeaths')),
  },
  {
    name: 'bird flu (avian influenza) or Newcastle disease',
    species: POULTRY,
    names: /\b(bird flu|avian influenza|avian flu|fowl plague|hpai|h5n1)\b/,
    points: (s) =>
      has(s, 'deaths', 'manyDeaths') &&
      has(s, 'swollenHead', 'blueComb', 'twistedNeck', 'paralysis', 'greenDroppings'),
  },
  {
    name: 'peste des petits ruminants (PPR)',
    species: ['goat', 'sheep'],
    names: /\b(ppr|peste des petits ruminants|goat plague)\b/,
    points: (s) =>
      has(s, 'mouthSores', 'diarrhoea') &&
      ['fever', 'mouthSores', 'diarrhoea', 'discharge', 'deaths', 'cough'].filter((sign) =>
        s.has(sign as Sign),
      ).length >= 3,
  },
  {
    name: 'foot-and-mouth disease',
    species: ['cattle', 'goat', 'sheep', 'pig'],
    names: /\b(foot and mouth|foot-and-mouth|fmd)\b/,
    points: (s) =>
      (has(s, 'blisters', 'mouthSores', 'footSores') && has(s, 'drooling', 'lameness', 'footSores')) ||
      (s.has('mouthSores') && s.has('footSores')),
  },
  {
    name: 'contagious bovine pleuropneumonia (CBPP)',
    species: ['cattle'],
    names: /\b(cbpp|contagious bovine pleuro\w*|bovine pleuropneumonia)\b/,
    points: (s) => s.has('cbppStance') && has(s, 'cough', 'fastBreathing', 'fever'),
  },
  {
    name: 'anthrax',
    species: [...RUMINANTS, 'pig'],
    names: /\b(anthrax|antrax|anthrex)\b/,
    points: (s) => has(s, 'deaths', 'manyDeaths') && has(s, 'bloodFromOpenings', 'swollenCarcass'),
  },
  {
    name: 'rabies',
    species: [...RUMINANTS, 'pig', 'other'],
    names: /\b(rabies|rabid)\b/,
    points: (s) =>
      (s.has('dogBite') && has(s, 'drooling', 'cannotSwallow', 'aggressive', 'paralysis')) ||
      (s.has('cannotSwallow') && s.has('drooling') && s.has('aggressive')),
  },
];

/** The disease is on the farm, or the asker wants to treat it. */
const PRESENT =
  /\b(sick|ill|die|dies|dying|died|dead|death|deaths|kpai|treat\w*|cure|medicine|drugs?|injection|antibiotics?|don enter|has entered|entered|is in|dey my|dey for|outbreak|my (pigs?|goats?|sheep|cows?|cattle|birds?|fowls?|chickens?|layers?|broilers?) (have|has|get|got)|butcher|slaughter|sell\w*|(that|which|wey|with|they|it) (has|have|get|got|dey))\b/;

/** Animals, not named by kind ("my animals", "the herd"). */
const ANIMALS = /\b(animals?|livestock|herd|flock|stock)\b/;

export type Alarm = { disease: string; by: 'signs' | 'name' };

/**
 * The notifiable disease the question points to, by the signs it describes or by name with the
 * disease on the farm; null for everything else. `species` are the animals the question names
 * (empty when it names none: then the signs alone decide).
 */
export function notifiableAlarm(text: string, species: LivestockSpecies[]): Alarm | null {
  const signs = new Set((Object.keys(SIGN) as Sign[]).filter((sign) => SIGN[sign].test(text)));
  // Signs are read for the animals named: spots on yam leaves and dying vines are no pig's fever.
  const animals = species.length ? species : ANIMALS.test(text) ? null : [];
  for (const disease of NOTIFIABLE) {
    const fits = animals === null || animals.some((kind) => disease.species.includes(kind));
    if (fits && signs.size >= 2 && disease.points(signs)) return { disease: disease.name, by: 'signs' };
  }
  // Named, it alarms only when it is on the farm or asked how to treat ("which drug for swine
  // fever?"); "when do I vaccinate against PPR?" or "how do I keep ASF out?" is a question about it.
  const named = NOTIFIABLE.find((disease) => disease.names.test(text));
  if (named && PRESENT.test(text)) return { disease: named.name, by: 'name' };
  return null;
}
