/**
 * A realistic finished check, as the background writes it: four sentences, five claims (two overlapping
 * in sentence 1), evidence of several source types and origins, one revision.
 *   c0-0 refuted      (scientific + news refute)        red
 *   c1-0 supported    (wiki + news support)             green
 *   c1-1 disputed     (wiki supports, blog refutes)     orange, overlaps c1-0
 *   c2-0 not check-worthy                               grey
 *   c3-0 could not check (search failed)                unknown
 * Headline "1 refuted · 1 disputed · 1 supported · 1 could not be checked" (red); average (0 + 1 + 0.5) / 3 =
 * 50%, 3 of 4 claims checked; without blogs: 67%.
 */
import type {
  Claim,
  ClaimAssessment,
  Evidence,
  Judgement,
  Revision,
  SourceType,
  Stance,
} from '../../../lib/core/types';
import { EMPTY_PROGRESS } from '../../../lib/db/check-rows';
import type { CheckView } from '../../../lib/db/check-view';
import type { CheckRecord, SentenceRecord } from '../../../lib/db/entities';
import { FactlightDb } from '../../../lib/db/schema';
import { searchWordsFor } from '../../../lib/db/search-words';

export const SENTENCES = [
  'The Great Wall of China is visible from the Moon with the naked eye.',
  'Marie Curie won two Nobel Prizes, in physics and chemistry.',
  'I think history is fascinating.',
  'Mount Everest is 8,849 metres tall.',
];

export interface ViewOptions {
  id?: string;
  sentences?: string[];
  createdAt?: number;
  status?: CheckRecord['status'];
  /** Applied to every piece of evidence (for hostile-input tests). */
  patchEvidence?: (evidence: Evidence) => Evidence;
  rationale?: string;
}

type EvidenceSpec = [sourceType: SourceType, stance: Stance, origin?: Evidence['origin']];

export function buildCheckView(options: ViewOptions = {}): CheckView {
  const checkId = options.id ?? 'chk-1';
  const texts = options.sentences ?? SENTENCES;
  const text = texts.join(' ');
  let offset = 0;
  const sentences: SentenceRecord[] = texts.map((sentence, index) => {
    const start = text.indexOf(sentence, offset);
    offset = start + sentence.length;
    return { id: `${checkId}:s${index}`, checkId, index, start, end: offset, text: sentence };
  });
  const span = (index: number, part?: string) => {
    const s = sentences[index]!;
    const start = part ? text.indexOf(part, s.start) : s.start;
    return { start, end: part ? start + part.length : s.end };
  };
  const claims: Claim[] = [
    {
      id: 'c0-0',
      sentenceIndex: 0,
      text: 'The Great Wall of China is visible from the Moon with the naked eye.',
      span: span(0),
      anchored: true,
      checkWorthy: true,
    },
    {
      id: 'c1-0',
      sentenceIndex: 1,
      text: 'Marie Curie won two Nobel Prizes.',
      span: span(1, texts === SENTENCES ? 'Marie Curie won two Nobel Prizes' : undefined),
      anchored: true,
      checkWorthy: true,
    },
    {
      id: 'c1-1',
      sentenceIndex: 1,
      text: 'Marie Curie won Nobel Prizes in physics and chemistry.',
      span: span(1),
      anchored: true,
      checkWorthy: true,
    },
    {
      id: 'c2-0',
      sentenceIndex: 2,
      text: 'History is fascinating.',
      span: span(2),
      anchored: false,
      checkWorthy: false,
    },
    {
      id: 'c3-0',
      sentenceIndex: 3,
      text: 'Mount Everest is 8,849 metres tall.',
      span: span(3),
      anchored: true,
      checkWorthy: true,
    },
  ];
  const specs: Record<string, EvidenceSpec[]> = {
    'c0-0': [
      ['scientific', 'refutes'],
      ['news', 'refutes', 'snippet'],
    ],
    'c1-0': [
      ['wiki', 'supports', 'knowledge-graph'],
      ['news', 'supports'],
    ],
    'c1-1': [
      ['wiki', 'supports'],
      ['blog', 'refutes'],
    ],
  };
  const evidence: Evidence[] = [];
  const assessments = new Map<string, ClaimAssessment>();
  for (const [claimId, list] of Object.entries(specs)) {
    const judgements: Judgement[] = list.map(([sourceType, stance, origin], n) => {
      const id = `${claimId}:e${n}`;
      const host = `${sourceType}.example.org`;
      const item: Evidence = {
        id,
        claimId,
        origin: origin ?? 'page',
        passage: passageFor(claimId, stance),
        source: {
          url: `https://${host}/${claimId}/${n}`,
          host,
          title: `${sourceType} report ${claimId} #${n}`,
          siteName: `The ${sourceType} site`,
          publishedAt: '2019-05-02',
          provider: origin === 'knowledge-graph' ? 'wikidata' : 'searxng',
          sourceType,
        },
      };
      evidence.push(options.patchEvidence ? options.patchEvidence(item) : item);
      return {
        evidenceId: id,
        stance,
        rationale: options.rationale ?? `The passage ${stance === 'refutes' ? 'contradicts' : 'confirms'} the claim.`,
      };
    });
    const verdict = claimId === 'c0-0' ? 'refuted' : claimId === 'c1-0' ? 'supported' : 'disputed';
    assessments.set(claimId, {
      claimId,
      verdict,
      judgements,
      explanation:
        claimId === 'c0-0'
          ? 'NASA says the wall cannot be seen with the naked eye [1], and astronauts agree [2].'
          : `Evidence [1] and [2] were weighed.`,
      citedEvidenceIds: judgements.map((j) => j.evidenceId),
    });
  }
  assessments.set('c3-0', {
    claimId: 'c3-0',
    verdict: 'could-not-check',
    judgements: [],
    explanation: '',
    citedEvidenceIds: [],
    error: 'Every search provider failed.',
  });
  const revisions: Revision[] = [
    {
      sentenceIndex: 0,
      original: texts[0]!,
      revised: texts[0]!.replace('is visible', 'is not visible'),
      changes: [{ from: 'is visible', to: 'is not visible', evidenceIds: ['c0-0:e1'] }],
    },
  ];
  const check: CheckRecord = {
    id: checkId,
    createdAt: options.createdAt ?? Date.UTC(2025, 0, 15, 10, 30),
    updatedAt: (options.createdAt ?? Date.UTC(2025, 0, 15, 10, 30)) + 60_000,
    status: options.status ?? 'done',
    origin: 'page',
    text,
    inputHash: `hash-${checkId}`,
    pageUrl: 'https://news.example.com/story',
    pageTitle: 'Five facts about the world',
    site: 'news.example.com',
    language: 'en',
    stage: 'revise',
    score: 0.5,
    band: 'red',
    claimsChecked: 3,
    claimsTotal: 4,
    verdicts: { refuted: 1, supported: 1, disputed: 1, 'could-not-check': 1 },
    averagedOver: 3,
    searchWords: searchWordsFor(text, 'Five facts about the world', 'news.example.com'),
    progress: { sentences: 4, claims: 5, checkWorthy: 4, verdicts: 4, evidence: evidence.length },
    warnings: ['SearXNG failed for "Mount Everest height": the server answered 503 (Service Unavailable).'],
    today: '2025-01-15',
  };
  return {
    check,
    sentences,
    claims,
    queries: new Map(
      claims.map((c) => [c.id, { claimId: c.id, query: c.text, question: `Is it true that ${c.text}` }]),
    ),
    assessments,
    evidence,
    revisions,
    searches: new Map(),
    ...QUALITY,
  };
}

/** The link audit and explanation-quality results of the example check. */
const QUALITY: Pick<CheckView, 'links' | 'actionability' | 'attribution' | 'refinements'> = {
  links: [
    {
      linkId: 'l0',
      url: 'https://nasa.example.gov/wall',
      status: 'working',
      detail: 'The page opened and has readable text.',
      httpStatus: 200,
      finalUrl: 'https://nasa.example.gov/wall',
      title: 'Wall myths',
      exists: true,
      relevant: true,
      supports: false,
      rationale: 'It says the wall cannot be seen.',
    },
    {
      linkId: 'l1',
      url: 'https://gone.example.com/old',
      status: 'dead',
      detail: 'The page no longer exists (404): a dead link.',
      httpStatus: 404,
      exists: false,
      relevant: false,
      supports: false,
      rationale: 'The link is dead.',
    },
  ],
  actionability: new Map([
    [
      'c0-0',
      {
        errorDetection: 2 as const,
        correction: 1 as const,
        links: 1.5,
        total: 4.5,
        outOfFive: 3.8,
        errors: [
          {
            subClaim: 'The wall is visible from the Moon',
            error: 'It is not visible',
            correction: 'It cannot be seen with the naked eye',
            named: true,
            corrected: false,
          },
        ],
        linkScores: [
          { url: 'https://science.example.edu/a', works: true, relevant: true, supports: true },
          { url: 'https://news.example.com/b', works: false, relevant: true, supports: true },
        ],
      },
    ],
  ]),
  attribution: new Map([
    [
      'c0-0',
      {
        citations: [
          { sentenceIndex: 0, citation: 1, supported: true },
          { sentenceIndex: 0, citation: 2, supported: false },
        ],
        precision: 0.5,
        recall: 1,
        f1: 2 / 3,
      },
    ],
  ]),
  refinements: new Map(),
};

function passageFor(claimId: string, stance: Stance): string {
  if (claimId === 'c0-0')
    return stance === 'refutes' ? 'The Great Wall is not visible from the Moon without aid, NASA says.' : '';
  return 'Marie Curie received the Nobel Prize in Physics in 1903 and in Chemistry in 1911.';
}

/** Writes a view's records exactly as the background stores them. */
export async function seedView(db: FactlightDb, view: CheckView): Promise<void> {
  const checkId = view.check.id;
  await db.transaction('rw', [db.checks, db.sentences, db.claims, db.evidence, db.revisions, db.links], async () => {
    await db.checks.put(view.check);
    await db.sentences.bulkPut(view.sentences);
    await db.claims.bulkPut(
      view.claims.map((claim) => ({
        id: `${checkId}:${claim.id}`,
        checkId,
        claim,
        queries: view.queries.get(claim.id),
        assessment: view.assessments.get(claim.id),
        ...(view.actionability.has(claim.id) ? { actionability: view.actionability.get(claim.id)! } : {}),
        ...(view.attribution.has(claim.id) ? { attribution: view.attribution.get(claim.id)! } : {}),
        ...(view.refinements.has(claim.id) ? { refinement: view.refinements.get(claim.id)! } : {}),
      })),
    );
    await db.links.bulkPut(view.links.map((audit) => ({ id: `${checkId}:${audit.linkId}`, checkId, audit })));
    await db.evidence.bulkPut(
      view.evidence.map((evidence) => ({
        id: `${checkId}:${evidence.id}`,
        checkId,
        claimId: evidence.claimId,
        evidence,
      })),
    );
    await db.revisions.bulkPut(
      view.revisions.map((revision) => ({ id: `${checkId}:r${revision.sentenceIndex}`, checkId, revision })),
    );
  });
}

const SITES = ['news.example.com', 'blog.example.net', 'wiki.example.org', 'science.example.edu', 'gov.example.gov'];
const TOPICS = [
  'volcano eruption',
  'moon landing',
  'vaccine trial',
  'election results',
  'climate report',
  'football final',
  'stock market',
  'river flood',
  'space telescope',
  'ancient pyramid',
];

/** A history summary row only (no parts): what the history list reads. `i` sets age: higher is newer. */
export function buildSummary(i: number): CheckRecord {
  const site = SITES[i % SITES.length]!;
  const text = `Check ${i} about the ${TOPICS[i % TOPICS.length]}: several statements were made on this page about it.`;
  return {
    id: `h-${String(i).padStart(5, '0')}`,
    createdAt: Date.UTC(2024, 0, 1) + i * 60_000,
    updatedAt: Date.UTC(2024, 0, 1) + i * 60_000,
    status: 'done',
    origin: 'selection',
    text,
    inputHash: `h${i}`,
    site,
    pageUrl: `https://${site}/article-${i}`,
    score: (i % 10) / 10,
    band: i % 3 === 0 ? 'red' : i % 3 === 1 ? 'orange' : 'green',
    // The one claim's verdict, agreeing with the band (what the history row's headline counts).
    verdicts: i % 3 === 0 ? { refuted: 1 } : i % 3 === 1 ? { disputed: 1 } : { supported: 1 },
    averagedOver: 1,
    searchWords: searchWordsFor(text, undefined, site),
    progress: { sentences: 1, claims: 1, checkWorthy: 1, verdicts: 1, evidence: 1 },
    warnings: [],
  };
}

/** A bare check row (no parts) in `status`, made at `at`: what the resume and retention look-ups read. */
export function buildCheckRecord(id: string, status: CheckRecord['status'] = 'done', at = 1): CheckRecord {
  return {
    id,
    createdAt: at,
    updatedAt: at,
    status,
    origin: 'typed',
    text: `Check ${id}.`,
    inputHash: id,
    searchWords: [],
    progress: { ...EMPTY_PROGRESS },
    warnings: [],
  };
}

let dbCounter = 0;

/** A database of its own for one test (fake-indexeddb), so tests never see each other's rows. */
export function freshDb(): FactlightDb {
  dbCounter += 1;
  return new FactlightDb(`factlight-test-${dbCounter}-${Math.random().toString(36).slice(2)}`);
}
