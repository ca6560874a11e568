/*
 * How a frequency is written in the app's other languages (Spanish, German, French), for the
 * schedule's parser (parseWateringInterval in ./schedule), which reads English first. A stored
 * frequency is read by whoever reads the plant, in whatever language they use the app, and by the
 * server, which knows no language: so every language's words are understood everywhere, and the
 * rules below need no language to choose them. Each language is a vocabulary; the phrasings built
 * from it are the ones English has ("every 3 days", "twice a week", "weekly", "every 2-3 weeks").
 * The text arrives lower-case, without accents ("dias", "taglich", "a peu pres") and with its
 * spaces single.
 */

/** The units of a frequency, in days: a month is 30 days, a year 365, as in English. */
const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
type Unit = keyof typeof UNIT_DAYS;
const UNITS = Object.keys(UNIT_DAYS) as Unit[];

interface Vocabulary {
  /** Numbers written as words (as a count of units, and as a count of times). */
  numbers: Record<string, number>;
  /** What comes before a count or a unit to say "every": "cada", "alle", "tous les". */
  every: string;
  /** Each unit, singular and plural. */
  units: Record<Unit, string>;
  /** The adjective or adverb of each unit ("semanal", "wochentlich", "hebdomadaire"), where there is one. */
  unitWords: Partial<Record<Unit, string>>;
  /** What follows a count of times, with its leading space if it needs one ("veces", "mal", "fois"). */
  times: string;
  /** What joins "twice" to its unit ("a la", "pro", "par"). */
  per: string;
  /** What joins the two ends of a range ("3 a 4", "3 bis 4", "3 a 4"), beside a dash. */
  range: string;
  /** Words that may come first and say nothing of the interval ("regar", "etwa", "environ"). */
  lead: string;
  /** Set phrases and the interval they mean ("dia por medio", "un jour sur deux"). */
  phrases: [string, number][];
}

const SPANISH: Vocabulary = {
  numbers: {
    un: 1,
    uno: 1,
    una: 1,
    dos: 2,
    tres: 3,
    cuatro: 4,
    cinco: 5,
    seis: 6,
    siete: 7,
    ocho: 8,
    nueve: 9,
    diez: 10,
    once: 11,
    doce: 12,
    quince: 15,
  },
  every: 'cada|todos los|todas las',
  units: { day: 'dias?', week: 'semanas?', month: 'mes(?:es)?', year: 'anos?' },
  unitWords: {
    day: 'diari[oa]|diariamente|a diario',
    week: 'semanal|semanalmente',
    month: 'mensual|mensualmente',
    year: 'anual|anualmente',
  },
  times: ' (?:vez|veces)',
  per: 'a la|al|por|por la|por el|cada',
  range: 'a|o|y',
  lead: 'regar|riego|aproximadamente|unos|unas|mas o menos|alrededor de',
  phrases: [
    ['dia por medio|un dia si y otro no|en dias alternos|dias alternos', 2],
    ['semana por medio|quincenal|quincenalmente', 14],
    ['bimestral|bimestralmente', 60],
    ['trimestral|trimestralmente', 90],
    ['semestral|semestralmente|dos veces al ano', 182],
  ],
};

const GERMAN: Vocabulary = {
  numbers: {
    ein: 1,
    eine: 1,
    einen: 1,
    einem: 1,
    einer: 1,
    eins: 1,
    zwei: 2,
    drei: 3,
    vier: 4,
    funf: 5,
    sechs: 6,
    sieben: 7,
    acht: 8,
    neun: 9,
    zehn: 10,
    elf: 11,
    zwolf: 12,
    vierzehn: 14,
  },
  every: 'alle|jede[nrs]?',
  units: { day: 'tage?n?', week: 'wochen?', month: 'monate?n?', year: 'jahre?n?' },
  unitWords: { day: 'taglich', week: 'wochentlich', month: 'monatlich', year: 'jahrlich' },
  times: ' ?-?mal| ?x',
  per: 'pro|am|im|in der|die|je',
  range: 'bis|oder',
  lead: 'giessen|etwa|ungefahr|circa|ca\\.?|rund',
  phrases: [
    ['jeden zweiten tag|jeden anderen tag', 2],
    ['jeden dritten tag', 3],
    ['jede zweite woche|zweiwochentlich|vierzehntagig|alle vierzehn tage', 14],
    ['jeden zweiten monat|zweimonatlich', 60],
    ['vierteljahrlich|quartalsweise', 90],
    ['halbjahrlich', 182],
  ],
};

const FRENCH: Vocabulary = {
  numbers: {
    un: 1,
    une: 1,
    deux: 2,
    trois: 3,
    quatre: 4,
    cinq: 5,
    six: 6,
    sept: 7,
    huit: 8,
    neuf: 9,
    dix: 10,
    onze: 11,
    douze: 12,
    quinze: 15,
  },
  every: 'tous les|toutes les|chaque',
  units: { day: 'jours?', week: 'semaines?', month: 'mois', year: 'ans?|annees?' },
  unitWords: {
    day: 'quotidien(?:ne)?|quotidiennement|journalier|journaliere',
    week: 'hebdomadaire|hebdomadairement',
    month: 'mensuel(?:le)?|mensuellement',
    year: 'annuel(?:le)?|annuellement',
  },
  times: ' fois',
  per: 'par|chaque',
  range: 'a|ou',
  lead: 'arroser|environ|a peu pres|approximativement',
  phrases: [
    ['un jour sur deux', 2],
    ['une semaine sur deux|tous les quinze jours', 14],
    ['bimensuel(?:le)?|bimensuellement', 15],
    ['un mois sur deux|bimestriel(?:le)?', 60],
    ['trimestriel(?:le)?|trimestriellement', 90],
    ['semestriel(?:le)?|semestriellement', 182],
  ],
};

/** A phrasing and the interval it means, from what it matched (its groups `n` and `m`: a count, or a range's ends). */
export type FrequencyRule = [RegExp, (match: RegExpExecArray) => number];
type Groups = Partial<Record<string, string>>;

/** The phrasings of one language, each anchored, its lead words allowed first. */
function rulesOf(words: Vocabulary, spelledDays: (days: number) => number): FrequencyRule[] {
  const number = (token: string | undefined) => (token === undefined ? NaN : (words.numbers[token] ?? Number(token)));
  const count = (name: string) => `(?<${name}>\\d{1,3}|${Object.keys(words.numbers).join('|')})`;
  const counts = `${count('n')}(?: ?(?:-|${words.range}) ?${count('m')})?`;
  const anchored = (body: string) => new RegExp(`^(?:(?:${words.lead}) )?(?:${body})$`);
  /** The lower end of a range: "every 3 to 4 days" is every 3. */
  const fewest = ({ groups: { n, m } = {} }: { groups?: Groups }) => Math.min(number(n), m ? number(m) : Infinity);
  /** The higher count of times: "2-3 times a week" is every 2 days. */
  const most = ({ groups: { n, m } = {} }: { groups?: Groups }) => Math.max(number(n), m ? number(m) : 0);
  const perUnit = (unit: Unit): FrequencyRule[1] =>
    unit === 'day' ? () => 1 : (match) => Math.floor(UNIT_DAYS[unit] / most(match));

  const rules: FrequencyRule[] = words.phrases.map(([phrase, days]) => [anchored(phrase), () => days]);
  for (const unit of UNITS) {
    const name = words.units[unit];
    const word = words.unitWords[unit];
    const days = UNIT_DAYS[unit];
    rules.push(
      [anchored(`(?:${words.every}) (?:${name})`), () => days],
      [
        anchored(`(?:${words.every}) ${counts} (?:${name})`),
        (match) => (unit === 'day' ? spelledDays(fewest(match)) : days * fewest(match)),
      ],
      [anchored(`${counts}(?:${words.times}) (?:${words.per}) (?:${name})`), perUnit(unit)],
    );
    if (word)
      rules.push(
        [anchored(`(?:${word})`), () => days],
        [anchored(`${counts}(?:${words.times}) (?:${word})`), perUnit(unit)],
      );
  }
  return rules;
}

/** The phrasings of every language the app speaks beside English. */
export const frequencyRulesBesideEnglish = (spelledDays: (days: number) => number): FrequencyRule[] =>
  [SPANISH, GERMAN, FRENCH].flatMap((words) => rulesOf(words, spelledDays));
