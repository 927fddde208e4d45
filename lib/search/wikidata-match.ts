/**
 * Which Wikidata statements bear on a claim's fact triple (FLEEK): properties are scored by the words
 * their label shares with the predicate (and, more weakly, the object), plus a small map from common
 * English predicates to the property ids they usually mean; a statement whose value shares words with
 * the object ("Paris", "330 metre") gets a little more, so the value the claim names comes first.
 */
import type { FactTriple } from '../core/types';

/**
 * Verbs and nouns of everyday claims → property ids (English labels in the comments). Needed because a
 * predicate is usually a verb ("was born", "wrote") while property labels are nouns ("date of birth",
 * "author"); ids rather than labels so the hints hold whatever the label language.
 */
const SYNONYMS: ReadonlyArray<readonly [triggers: string[], properties: string[]]> = [
  [
    ['born', 'birth', 'birthday', 'birthplace'],
    ['P569', 'P19'],
  ], // date of birth, place of birth
  [
    ['died', 'dies', 'death', 'dead', 'killed'],
    ['P570', 'P20', 'P509'],
  ], // date/place/cause of death
  [['height', 'tall', 'high'], ['P2048']], // height
  [['population', 'inhabitants', 'residents', 'populated', 'people'], ['P1082']], // population
  [['capital'], ['P36']], // capital
  [
    ['founded', 'established', 'inception', 'formed', 'built', 'created', 'constructed'],
    ['P571', 'P112'],
  ], // inception, founded by
  [
    ['opened', 'inaugurated'],
    ['P1619', 'P571'],
  ], // date of official opening, inception
  [['wrote', 'written', 'author', 'authored', 'writer'], ['P50']], // author
  [['directed', 'director'], ['P57']], // director
  // located in the administrative territorial entity, country, location, located in/on physical feature
  [
    ['located', 'situated', 'lies', 'location', 'where'],
    ['P131', 'P17', 'P276', 'P706'],
  ],
  [['area', 'size'], ['P2046']], // area
  [['married', 'spouse', 'wife', 'husband'], ['P26']], // spouse
  [['child', 'children', 'son', 'daughter'], ['P40']], // child
  [['father'], ['P22']], // father
  [['mother'], ['P25']], // mother
  [['occupation', 'profession', 'job', 'worked', 'works'], ['P106']], // occupation
  [['citizen', 'citizenship', 'nationality'], ['P27']], // country of citizenship
  [['award', 'awarded', 'won', 'prize', 'received'], ['P166']], // award received
  [['studied', 'educated', 'graduated', 'alumnus', 'alumna', 'attended'], ['P69']], // educated at
  [['invented', 'inventor', 'discovered', 'discoverer'], ['P61']], // discoverer or inventor
  [['composed', 'composer'], ['P86']], // composer
  [['performed', 'sang', 'singer', 'performer'], ['P175']], // performer
  [['released', 'published', 'publication'], ['P577']], // publication date
  [['headquarters', 'headquartered', 'based'], ['P159']], // headquarters location
  [['designed', 'architect'], ['P84']], // architect
  [['length', 'long'], ['P2043']], // length
  [['elevation', 'altitude'], ['P2044']], // elevation above sea level
  [['mass', 'weight', 'weighs'], ['P2067']], // mass
  [['currency'], ['P38']], // currency
  [
    ['language', 'languages', 'spoken', 'speaks'],
    ['P37', 'P1412'],
  ], // official language, languages spoken
  [
    ['president', 'leader', 'led', 'head', 'mayor', 'minister', 'governs'],
    ['P35', 'P6'],
  ], // head of state, head of government
  [['ceo', 'chief'], ['P169']], // chief executive officer
  [['owner', 'owned', 'owns'], ['P127']], // owned by
  [['starred', 'starring', 'actor', 'actress', 'cast'], ['P161']], // cast member
  [['member'], ['P463', 'P54']], // member of, member of sports team
  [['manufacturer', 'manufactured', 'made'], ['P176']], // manufacturer
  [['developer', 'developed'], ['P178']], // developer
  [['borders', 'bordering', 'neighbours', 'neighbors'], ['P47']], // shares border with
  [['continent'], ['P30']], // continent
];

// Filler words that would otherwise match labels by accident ("date of birth" ~ "capital of France").
// A few articles and prepositions of other common claim languages, since labels come in the text's language.
const STOPWORDS = new Set(
  (
    'a an the of in on at to by for with as and or from into than is was were are be been being has have had ' +
    'its it his her their this that which who what when did does do ' +
    'de la le les du des un une et est en el los las y der die das den dem ein eine und ist von im am il di da e van het een'
  ).split(' '),
);

/** Lower-case words of `text`, accents removed, filler words dropped. */
export function words(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return (plain.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOPWORDS.has(word));
}

/**
 * Whether two words are the same or share a stem ("founded"/"founding", "metre"/"metres",
 * "populated"/"population"). Numbers match only exactly: 2145906 is not 2145934.
 */
export function related(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || /^\d+$/.test(a) || /^\d+$/.test(b)) return false;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common += 1;
  return common >= 5 || common === Math.min(a.length, b.length);
}

/** How many of `wanted` have a related word in `text`. */
function overlap(wanted: readonly string[], text: string): number {
  if (wanted.length === 0) return 0;
  const have = words(text);
  return wanted.filter((word) => have.some((other) => related(word, other))).length;
}

/** Scores of properties and values against one triple. */
export interface TripleMatcher {
  /** Whether the synonym map points the predicate at this property (its label is then always fetched). */
  hinted(propertyId: string): boolean;
  /** How well a property fits the triple; 0 when not at all. */
  property(propertyId: string, label: string): number;
  /** How many of the object's words a formatted value shares. */
  value(text: string): number;
}

/** Builds the scorer for a triple. Weights: synonym hint 3, predicate word in label 2, object word 1. */
export function createMatcher(triple: FactTriple): TripleMatcher {
  const predicate = [...new Set(words(triple.predicate))];
  const object = [...new Set(words(triple.object))];
  const hints = new Set<string>();
  for (const [triggers, properties] of SYNONYMS) {
    if (triggers.some((trigger) => predicate.includes(trigger))) for (const id of properties) hints.add(id);
  }
  return {
    hinted: (propertyId) => hints.has(propertyId),
    property: (propertyId, label) =>
      (hints.has(propertyId) ? 3 : 0) + 2 * overlap(predicate, label) + overlap(object, label),
    value: (text) => overlap(object, text),
  };
}
