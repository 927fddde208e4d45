/**
 * Synthetic database rows for the side-panel benchmark: one large check (claims and evidence in the
 * numbers the issue names) and a long history of small checks.
 */
import type { SourceType, Stance } from '../../lib/core/types';
import type { CheckRecord, ClaimRecord, EvidenceRecord, RevisionRecord, SentenceRecord } from '../../lib/db/entities';
import { searchWordsFor } from '../../lib/db/search-words';

const TYPES: SourceType[] = ['news', 'wiki', 'scientific', 'government', 'blog', 'fact-check', 'social', 'other'];
const STANCES: Stance[] = ['supports', 'partially-supports', 'refutes', 'irrelevant'];

export interface LargeCheck {
  check: CheckRecord;
  sentences: SentenceRecord[];
  claims: ClaimRecord[];
  evidence: EvidenceRecord[];
  revisions: RevisionRecord[];
}

export function largeCheck(id: string, claimCount: number, evidencePerClaim: number): LargeCheck {
  const parts: string[] = [];
  const sentences: SentenceRecord[] = [];
  const claims: ClaimRecord[] = [];
  const evidence: EvidenceRecord[] = [];
  let offset = 0;
  for (let s = 0; s < claimCount / 2; s++) {
    const first = `Landmark ${s} was completed in ${1800 + (s % 200)}`;
    const second = `it is ${100 + s} metres tall`;
    const text = `${first} and ${second}.`;
    sentences.push({
      id: `${id}:s${s}`,
      checkId: id,
      index: s,
      start: offset,
      end: offset + text.length,
      text,
      kind: 'prose',
    });
    for (const [k, claimText, start] of [
      [0, first, offset],
      [1, second, offset + first.length + 5],
    ] as const) {
      const claimId = `c${s}-${k}`;
      const judgements = Array.from({ length: evidencePerClaim }, (_, e) => ({
        evidenceId: `${claimId}:e${e}`,
        stance: STANCES[(s + k + e) % 4]!,
        rationale: `Passage ${e} about landmark ${s}.`,
      }));
      claims.push({
        id: `${id}:${claimId}`,
        checkId: id,
        claim: {
          id: claimId,
          sentenceIndex: s,
          text: claimText,
          span: { start, end: start + claimText.length },
          anchored: true,
          checkWorthy: true,
        },
        queries: { claimId, query: claimText, question: `Is it true that ${claimText}?` },
        assessment: {
          claimId,
          verdict: 'disputed',
          judgements,
          explanation: `Sources disagree [1] [2].`,
          citedEvidenceIds: judgements.map((j) => j.evidenceId),
        },
      });
      for (let e = 0; e < evidencePerClaim; e++) {
        const host = `site${(s + e) % 40}.example`;
        evidence.push({
          id: `${id}:${claimId}:e${e}`,
          checkId: id,
          claimId,
          evidence: {
            id: `${claimId}:e${e}`,
            claimId,
            passage: `Landmark ${s} is described here: it was completed in ${1800 + ((s + e) % 200)} and is ${100 + s + e} metres tall, according to the records kept by the city.`,
            origin: 'page',
            source: {
              url: `https://${host}/landmark-${s}`,
              host,
              title: `Landmark ${s} — ${host}`,
              provider: 'searxng',
              sourceType: TYPES[(s + e) % TYPES.length]!,
              publishedAt: '2024-03-01',
            },
          },
        });
      }
    }
    parts.push(text);
    offset += text.length + 1;
  }
  const text = parts.join(' ');
  const revisions: RevisionRecord[] = sentences.slice(0, 20).map((sentence) => ({
    id: `${id}:r${sentence.index}`,
    checkId: id,
    revision: {
      sentenceIndex: sentence.index,
      original: sentence.text,
      revised: sentence.text.replace('metres', 'meters'),
      changes: [{ from: 'metres', to: 'meters', evidenceIds: [`c${sentence.index}-1:e0`] }],
    },
  }));
  const check = historyCheck(id, 0, text);
  return {
    check: {
      ...check,
      status: 'done',
      claimsChecked: claimCount,
      claimsTotal: claimCount,
      score: 0.5,
      band: 'orange',
      progress: {
        sentences: sentences.length,
        claims: claimCount,
        checkWorthy: claimCount,
        verdicts: claimCount,
        evidence: evidence.length,
      },
    },
    sentences,
    claims,
    evidence,
    revisions,
  };
}

export function historyCheck(
  id: string,
  index: number,
  text = `Check number ${index}: the river ${index % 97} flows through city ${index % 13}.`,
): CheckRecord {
  const site = `news${index % 50}.example`;
  return {
    id,
    createdAt: 1_760_000_000_000 + index * 60_000,
    updatedAt: 1_760_000_000_000 + index * 60_000,
    status: 'done',
    origin: 'selection',
    text,
    inputHash: `h${index}`,
    pageUrl: `https://${site}/story/${index}`,
    pageTitle: `Story ${index}`,
    site,
    searchWords: searchWordsFor(text, `Story ${index}`, site),
    progress: { sentences: 1, claims: 2, checkWorthy: 2, verdicts: 2, evidence: 6 },
    warnings: [],
    score: (index % 10) / 10,
    band: index % 3 === 0 ? 'red' : index % 3 === 1 ? 'orange' : 'green',
    claimsChecked: 2,
    claimsTotal: 2,
  };
}
