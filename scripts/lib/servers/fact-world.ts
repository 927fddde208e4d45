/**
 * A small, deterministic world for whole-pipeline tests and benchmarks: a fixed six-sentence text, the
 * evidence pages about it, search results that point at them, and a scripted model that answers each of
 * Factlight's stages (recognised by its JSON schema name) the way a competent model would. One sentence
 * is false (the Great Wall myth) so refutation and revision paths run; one is an opinion.
 */
import { exampleFromSchema, type JsonSchema } from './json-schema-example';
import type { ChatRequest } from './openai-server';
import type { SearxngResultInput } from './searxng-server';

export const WORLD_TEXT = [
  'The Eiffel Tower was completed in 1889 and stands in Paris.',
  'It is about 330 metres tall.',
  'Mount Everest is the highest mountain on Earth, at 8,849 metres.',
  'The Great Wall of China is visible from the Moon with the naked eye.',
  'Marie Curie won two Nobel Prizes, in physics and in chemistry.',
  'I think Paris is the most beautiful city in the world.',
].join(' ');

interface Topic {
  key: string;
  keywords: RegExp;
  title: string;
  paragraphs: string[];
}

const TOPICS: Topic[] = [
  {
    key: 'eiffel',
    keywords: /eiffel|330|1889/i,
    title: 'Eiffel Tower',
    paragraphs: [
      'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.',
      "It was designed by the engineering company of Gustave Eiffel and completed in 1889 as the centrepiece of the World's Fair.",
      'The tower is 330 metres tall, about the same height as an 81-storey building, and was the tallest man-made structure in the world until 1930.',
    ],
  },
  {
    key: 'everest',
    keywords: /everest|8,?849|highest mountain/i,
    title: 'Mount Everest',
    paragraphs: [
      "Mount Everest is Earth's highest mountain above sea level, located in the Mahalangur Himal sub-range of the Himalayas.",
      'Its elevation of 8,849 metres was most recently established in 2020 by the Chinese and Nepali authorities.',
    ],
  },
  {
    key: 'great-wall',
    keywords: /great wall|moon|naked eye/i,
    title: 'Great Wall of China myths',
    paragraphs: [
      'The Great Wall of China is a series of fortifications built across the historical northern borders of ancient Chinese states.',
      'A common claim is that the wall is visible from the Moon. This is false: astronauts have confirmed that the Great Wall is not visible from the Moon with the naked eye.',
      'Even from low Earth orbit it is very hard to see without aid.',
    ],
  },
  {
    key: 'curie',
    keywords: /curie|nobel/i,
    title: 'Marie Curie',
    paragraphs: [
      'Marie Curie was a Polish and naturalised-French physicist and chemist who conducted pioneering research on radioactivity.',
      'She was the first woman to win a Nobel Prize, the first person to win a Nobel Prize twice, and the only person to win a Nobel Prize in two scientific fields: physics in 1903 and chemistry in 1911.',
    ],
  },
];

export const WORLD_TOPICS = TOPICS.map((topic) => topic.key);

/**
 * Long sentences that restate a topic's facts, for pages whose passages fill a small context window (each
 * record is one sentence: the topic's paragraphs joined by semicolons, twice).
 */
function archiveRecords(topic: Topic, count: number): string[] {
  const fact = topic.paragraphs.map((p) => p.replace(/\.$/, '').replaceAll('. ', '; ')).join('; ');
  return Array.from(
    { length: count },
    (_, i) => `<p>Archive record ${i + 1} of ${count}: ${fact}; in the words of a later survey, ${fact}.</p>`,
  );
}

/**
 * Evidence pages of one topic: path → HTML, each a real article layout with navigation to strip.
 * `longPages` adds that many archive records to each page (long passages, for small context windows).
 */
export function worldPages(topicKey: string, options: { longPages?: number } = {}): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const topic of TOPICS.filter((t) => t.key === topicKey)) {
    const body = [...topic.paragraphs.map((p) => `<p>${p}</p>`), ...archiveRecords(topic, options.longPages ?? 0)].join(
      '\n',
    );
    pages[`/${topic.key}`] = `<!doctype html><html lang="en"><head><title>${topic.title} - Reference</title>
<meta property="article:published_time" content="2024-05-01T10:00:00Z"></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>${topic.title}</h1>${body}</article>
<footer>© Reference</footer></body></html>`;
    pages[`/${topic.key}-notes`] =
      `<!doctype html><html lang="en"><head><title>Notes on ${topic.title}</title></head><body>
<article><h1>Notes on ${topic.title}</h1><p>${topic.paragraphs[0]}</p><p>These notes were compiled by volunteers and are not reviewed.</p>${archiveRecords(topic, options.longPages ?? 0).join('')}</article></body></html>`;
  }
  return pages;
}

/** SearXNG results for a query: the matching topic's pages, plus one unrelated page. */
export function worldSearch(originOf: (topicKey: string) => string): (query: string) => SearxngResultInput[] {
  return (query) => {
    const topic = TOPICS.find((t) => t.keywords.test(query));
    if (!topic) return [];
    const other = TOPICS[(TOPICS.indexOf(topic) + 1) % TOPICS.length]!;
    return [
      {
        url: `${originOf(topic.key)}/${topic.key}`,
        title: topic.title,
        content: topic.paragraphs[1] ?? topic.paragraphs[0]!,
      },
      {
        url: `${originOf(topic.key)}/${topic.key}-notes`,
        title: `Notes on ${topic.title}`,
        content: topic.paragraphs[0]!,
      },
      { url: `${originOf(other.key)}/${other.key}`, title: other.title, content: other.paragraphs[0]! },
    ];
  };
}

/** One hit of a MediaWiki `list=search` answer (formatversion=2). */
export interface WikipediaSearchHit {
  ns: number;
  title: string;
  pageid: number;
  snippet: string;
}

/**
 * The fact world as Wikipedia would show it: search hits for a query (the matching topic's article,
 * snippet marked up as MediaWiki does), and each article's page by its title.
 */
export const worldWikipedia = {
  search(query: string): WikipediaSearchHit[] {
    const topic = TOPICS.find((t) => t.keywords.test(query));
    if (!topic) return [];
    const snippet = (topic.paragraphs[1] ?? topic.paragraphs[0]!).replace(
      /\b(Moon|Nobel|Paris|Everest)\b/g,
      '<span class="searchmatch">$1</span>',
    );
    return [{ ns: 0, title: topic.title, pageid: 1000 + TOPICS.indexOf(topic), snippet }];
  },
  article(title: string): string | undefined {
    const topic = TOPICS.find((t) => t.title === title);
    return topic ? worldPages(topic.key)[`/${topic.key}`] : undefined;
  },
};

const CLAIMS: Record<string, Array<[string, boolean]>> = {
  'The Eiffel Tower was completed in 1889 and stands in Paris.': [
    ['The Eiffel Tower was completed in 1889', true],
    ['The Eiffel Tower stands in Paris', true],
  ],
  'It is about 330 metres tall.': [['The Eiffel Tower is about 330 metres tall', true]],
  'Mount Everest is the highest mountain on Earth, at 8,849 metres.': [
    ['Mount Everest is the highest mountain on Earth', true],
    ['Mount Everest is 8,849 metres high', true],
  ],
  'The Great Wall of China is visible from the Moon with the naked eye.': [
    ['The Great Wall of China is visible from the Moon with the naked eye', true],
  ],
  'Marie Curie won two Nobel Prizes, in physics and in chemistry.': [
    ['Marie Curie won two Nobel Prizes', true],
    ['Marie Curie won Nobel Prizes in physics and in chemistry', true],
  ],
  'I think Paris is the most beautiful city in the world.': [['Paris is the most beautiful city in the world', false]],
};

/** The things the world's claims are about, by the names a knowledge graph files them under. */
const SUBJECTS = ['Eiffel Tower', 'Mount Everest', 'Great Wall of China', 'Marie Curie'];

/**
 * A claim's subject as a competent model names it: the thing it is about without its article ("Eiffel Tower",
 * which Wikidata finds, not "The Eiffel Tower"); for another claim, its first three words.
 */
function subjectOf(claim: string): string {
  return SUBJECTS.find((name) => claim.includes(name)) ?? claim.split(' ').slice(0, 3).join(' ');
}

/** Text inside a data block `<<<LABEL …>>> … <<<END LABEL>>>`, for each block whose label matches. */
function blocks(text: string, label: RegExp): Array<{ label: string; body: string }> {
  const out: Array<{ label: string; body: string }> = [];
  const pattern = /<<<([A-Z0-9 ]+?)(?: id=[^>]*)?>>>\n?([\s\S]*?)\n?<<<END \1>>>/g;
  for (const match of text.matchAll(pattern))
    if (label.test(match[1]!)) out.push({ label: match[1]!, body: match[2]! });
  return out;
}

const FALSE_CLAIM = /visible from the moon/i;
const DEBATE_POINT = 'Event error: the explanation should say who confirmed it (astronauts), as the evidence does.';

/** The scripted model: answers each Factlight stage by its schema name. */
export function worldResponder(request: ChatRequest): object | string {
  const format = request.response_format;
  const name = format && format.type === 'json_schema' ? format.json_schema.name : undefined;
  const user = request.userText;
  switch (name) {
    case 'atomic_claims': {
      const lines = blocks(user, /^SENTENCES$/)[0]?.body.split('\n') ?? [];
      // Like a model held to a strict schema, write the English-version fields only when the schema has them.
      const english =
        format?.type === 'json_schema' && JSON.stringify(format.json_schema.schema).includes('englishQuery')
          ? { englishQuery: null, englishQuestion: null }
          : {};
      return {
        sentences: lines.flatMap((line) => {
          const match = /^\[(\d+)\] (.*)$/.exec(line);
          if (!match) return [];
          const claims = CLAIMS[match[2]!] ?? [[match[2]!, true]];
          return [
            {
              id: Number(match[1]),
              claims: claims.map(([claim, checkWorthy]) => ({
                claim,
                sourceQuote: match[2]!.includes(claim) ? claim : match[2]!,
                checkWorthy,
                subject: subjectOf(claim),
                predicate: 'is',
                object: claim.split(' ').slice(3).join(' '),
                query: checkWorthy ? claim : '',
                question: checkWorthy ? `Is it true that ${claim}?` : '',
                ...english,
              })),
            },
          ];
        }),
      };
    }
    case 'claim_queries': {
      const lines = blocks(user, /^CLAIMS$/)[0]?.body.split('\n') ?? [];
      return {
        claims: lines.map((line) => {
          const [id, ...rest] = line.split(': ');
          const text = rest.join(': ');
          return { id, query: text, question: `Is it true that ${text}?`, englishQuery: null, englishQuestion: null };
        }),
      };
    }
    case 'source_types': {
      const lines = blocks(user, /^HOSTS$/)[0]?.body.split('\n') ?? [];
      return { hosts: lines.map((line) => ({ host: line.split(' — ')[0]!, type: 'news' })) };
    }
    case 'claim_verification': {
      const claim = blocks(user, /^CLAIM$/)[0]?.body ?? '';
      const passages = blocks(user, /^PASSAGE \d+$/);
      const words = claim.toLowerCase().match(/[a-z0-9,]{4,}/g) ?? [];
      const stances = passages.map((passage, index) => {
        const text = passage.body.toLowerCase();
        const overlap = words.filter((word) => text.includes(word)).length / Math.max(1, words.length);
        const stance =
          overlap < 0.5
            ? 'irrelevant'
            : FALSE_CLAIM.test(claim) && /not visible/.test(text)
              ? 'refutes'
              : FALSE_CLAIM.test(claim)
                ? 'irrelevant'
                : 'supports';
        return { passage: index + 1, stance };
      });
      const rationales = stances.map(
        ({ stance }) =>
          `The passage ${stance === 'irrelevant' ? 'does not address' : stance === 'refutes' ? 'contradicts' : 'states'} the claim.`,
      );
      const cited = stances
        .filter((j) => j.stance !== 'irrelevant')
        .map((j) => `[${j.passage}]`)
        .join('');
      return {
        stances,
        rationales,
        explanation: FALSE_CLAIM.test(claim)
          ? `The Great Wall is not visible from the Moon with the naked eye ${cited}.`
          : `The sources confirm this ${cited}.`,
      };
    }
    case 'minimal_revisions': {
      return {
        sentences: blocks(user, /^SENTENCE \d+$/).map((block) => ({
          id: Number(block.label.split(' ')[1]),
          changes: FALSE_CLAIM.test(block.body) ? [{ from: 'is visible', to: 'is not visible', passages: [1] }] : [],
        })),
      };
    }
    case 'explanation_quality':
      return { claims: explanationQuality(user) };
    case 'link_audit':
      return { links: linkAudit(user) };
    case 'citation_recovery': {
      // One explanation (the world's checks have one): a passage supports a sentence sharing two thirds of its words.
      const explanation = blocks(user, /^EXPLANATION$/)[0]?.body ?? '';
      const sentences = explanation.split('\n').map((line) => line.replace(/^\d+\.\s*/, ''));
      return {
        answers: blocks(user, /^PASSAGE$/).map((passage, index) => ({
          question: index + 1,
          sentences: sentences.flatMap((sentence, n) => (overlap(sentence, passage.body) >= 0.67 ? [n + 1] : [])),
        })),
      };
    }
    case 'explanation_rating': {
      // FinGrAct for a user's explanation: the myth has one error; naming it and giving the fact each count.
      const claim = blocks(user, /^CLAIM$/)[0]?.body ?? '';
      const explanation = blocks(user, /^EXPLANATION$/)[0]?.body ?? '';
      if (!FALSE_CLAIM.test(claim)) return { errors: [] };
      return {
        errors: [
          {
            subClaim: 'The Great Wall is visible from the Moon',
            error: 'It is not visible from the Moon with the naked eye',
            correction: 'It cannot be seen from the Moon without aid',
            named: /\b(false|wrong|myth|not true)\b/i.test(explanation),
            corrected: /not visible|cannot be seen/i.test(explanation),
          },
        ],
      };
    }
    // Thorough mode: the critics first differ, then agree in one exchange; the refiner names the source.
    case 'debate_review': {
      const system = request.messages.find((message) => message.role === 'system')?.content;
      const withTypology = typeof system === 'string' && system.includes('intrinsic entity error');
      return { issues: [withTypology ? DEBATE_POINT : 'Say that astronauts confirmed it.'] };
    }
    case 'debate_exchange':
      return { issues: [DEBATE_POINT], endorsed: [1], agree: true };
    case 'debate_refine':
      return {
        explanation:
          'Astronauts have confirmed that the Great Wall is not visible from the Moon with the naked eye [1].',
        changes: [],
      };
    default:
      // A server that enforces json_schema never answers prose: any other schema gets its minimal instance.
      return format?.type === 'json_schema'
        ? (exampleFromSchema((format.json_schema.schema ?? {}) as JsonSchema) as object)
        : 'OK';
  }
}

const contentWords = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9,]{4,}/g) ?? []);

/** Share of `sentence`'s content words that occur in `page`. */
function overlap(sentence: string, page: string): number {
  const wanted = [...contentWords(sentence)];
  const have = contentWords(page);
  return wanted.filter((word) => have.has(word)).length / Math.max(1, wanted.length);
}

/**
 * FinGrAct tasks for each scored claim ("Claim k1 (verdict: …):"): the Great Wall myth has one error, which
 * the world's explanation names and corrects; every cited passage is recovered for sentence 1.
 */
function explanationQuality(user: string): object[] {
  const headers = [...user.matchAll(/^Claim (\S+) \(verdict: [a-z-]+\):$/gm)];
  return headers.map((match, index) => {
    const section = user.slice(match.index, headers[index + 1]?.index ?? user.length);
    const claim = blocks(section, /^CLAIM$/)[0]?.body ?? '';
    const cited =
      /Cited passages for task 3: ([\d, ]+)\./
        .exec(section)?.[1]
        ?.split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => n > 0) ?? [];
    const errors = FALSE_CLAIM.test(claim)
      ? [
          {
            subClaim: 'The Great Wall is visible from the Moon with the naked eye',
            error: 'It is not visible from the Moon with the naked eye',
            correction: 'The Great Wall is not visible from the Moon with the naked eye',
            named: true,
            corrected: true,
          },
        ]
      : [];
    return { id: match[1]!, errors, recovered: cited.map((passage) => ({ passage, sentences: [1] })) };
  });
}

/** Link audit: a page is relevant when it shares a third of the sentence's words, and supports it from two thirds. */
function linkAudit(user: string): object[] {
  const citing = blocks(user, /^(SENTENCE|TEXT OPENING) \d+$/);
  const pages = blocks(user, /^PAGE \d+$/);
  return pages.map((page, index) => {
    const share = overlap((citing[index]?.body ?? '').replace(/https?:\/\/\S+/g, ''), page.body);
    return {
      link: index + 1,
      exists: true,
      relevant: share >= 0.34,
      supports: share >= 0.67,
      rationale:
        share >= 0.67
          ? 'The page states the sentence.'
          : share >= 0.34
            ? 'The page is on the topic but does not state it.'
            : 'The page is about something else.',
    };
  });
}
