/**
 * FinGrAct's three link questions (does the page exist, is it relevant to the sentence that cites it,
 * does it support that sentence), asked in ONE model call for every link of a check that has something
 * to read. Code, not the model, has the last word on consistency:
 * - exists: the retrieval got text (the page, its redirect target or its archived copy) or the DOI is
 *   registered; the model can only lower it, for a page that answers 200 with "not found" or a login wall;
 * - relevant requires exists, supports requires relevant;
 * - a link with nothing to read is not sent: exists, relevant and supports are false (a registered DOI
 *   whose page is unreadable exists; with its registered title the model judges relevance only);
 * - a link no sentence cites (a reply's sources list) is judged against the opening of the text for
 *   relevance, and its support stays null: there is no single statement it was cited for;
 * - when the call fails, every link keeps its retrieval and gets relevant/supports null with the reason:
 *   "could not judge" is never "no".
 */
import { z } from 'zod';

import { isCancellation } from '../../errors';
import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import { textLanguageLine } from '../../model/text-language';
import { BudgetExceededError } from '../../model/usage-meter';
import { causeOf } from '../../stage-notices';
import type { Sentence } from '../../types';
import { linkPassage } from './link-passage';
import { englishLinkRationale, type LinkRationaleReason } from './link-reasons';
import type { CitedLink, LinkAudit, LinkJudgement, LinkRetrieval } from './types';

/** One link with what retrieving it found. */
export interface RetrievedLink {
  link: CitedLink;
  retrieval: LinkRetrieval;
}

export interface JudgeLinksOptions {
  /** BCP 47 language of the checked text, for splitting pages into sentences. */
  lang?: string;
  /** The language named to the model (`promptLanguage`): its rationales are shown to readers. */
  promptLanguage?: string;
}

/** How much of the text's opening stands in for the citing sentence of a link listed without one. */
const OPENING_CHARS = 600;

const judgeSchema = z.object({
  links: z.array(
    z.object({
      link: z.number().int(),
      exists: z.boolean(),
      relevant: z.boolean(),
      supports: z.boolean(),
      rationale: z.string(),
    }),
  ),
});

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You audit the links a text cites. For each numbered link you get the sentence that cites it (or,
for a link listed as a source of the whole text, the opening of the text) and a passage of the linked page
(or only the title of the cited work). Answer, using only what the passage says:
- exists: the page is a real document with content; false for "page not found" or error pages, login,
  cookie or bot walls, parked or for-sale domains;
- relevant: the passage is about the same subject and facts as the sentence;
- supports: the passage states what the sentence says (the same facts, numbers, names and dates); a passage
  that only mentions the topic, confirms part of it, or contradicts it does not support it.
Give each link a one-sentence rationale pointing at the words that decide, written in the language of the text
(named below when known), whatever the language of the page. ${DATA_BLOCK_RULE}`;

/** What the model is shown for one link, and what code already knows about it. */
interface Prepared {
  index: number;
  citing: string;
  passage: string;
  titleOnly: boolean;
  /** No citing sentence: support is not judged. */
  unplaced: boolean;
}

function opening(sentences: readonly Sentence[]): string {
  let text = '';
  for (const sentence of sentences) {
    if (text && text.length + sentence.text.length > OPENING_CHARS) break;
    text = text ? `${text} ${sentence.text}` : sentence.text;
  }
  return text.slice(0, OPENING_CHARS * 2);
}

/** A rationale code wrote, with its English as the stored `rationale`. */
function codeRationale(reason: LinkRationaleReason): Pick<LinkJudgement, 'rationale' | 'rationaleReason'> {
  return { rationale: englishLinkRationale(reason), rationaleReason: reason };
}

function notJudged(retrieval: LinkRetrieval, reason: LinkRationaleReason): LinkJudgement {
  return {
    exists: Boolean(retrieval.text) || retrieval.doi?.registered === true,
    relevant: null,
    supports: null,
    ...codeRationale(reason),
  };
}

/** The judgement of a link code can decide alone, or undefined when the model must read it. */
function decidedByCode(retrieval: LinkRetrieval): LinkJudgement | undefined {
  if (retrieval.text) return undefined;
  if (retrieval.doi?.registered) {
    return retrieval.doi.title ? undefined : notJudged(retrieval, { code: 'doi-unreadable' });
  }
  return { exists: false, relevant: false, supports: false, ...codeRationale({ code: 'nothing-read' }) };
}

/** Whether the model is asked about this link (it has text, or a registered DOI's title). */
export function isJudgeable(retrieval: LinkRetrieval): boolean {
  return decidedByCode(retrieval) === undefined;
}

function failureReason(error: unknown): LinkRationaleReason {
  if (error instanceof BudgetExceededError) return { code: 'budget' };
  if (isCancellation(error)) return { code: 'cancelled' };
  return { code: 'judge-failed', ...causeOf(error) };
}

/** Applies the consistency rules to the model's answer for one link. */
function consistent(
  retrieval: LinkRetrieval,
  item: Prepared,
  answer: z.infer<typeof judgeSchema>['links'][number] | undefined,
): LinkJudgement {
  if (!answer) return notJudged(retrieval, { code: 'not-answered' });
  const exists = retrieval.doi?.registered === true || (Boolean(retrieval.text) && answer.exists);
  const relevant = exists && answer.relevant;
  const supports = !relevant ? false : item.titleOnly || item.unplaced ? null : answer.supports;
  const rationale = answer.rationale.trim();
  return { exists, relevant, supports, ...(rationale ? { rationale } : codeRationale({ code: 'no-rationale' })) };
}

/**
 * Judges every link against its citing sentence in one call (stage 'links', the strong model) and
 * returns one audit per input, in input order. Throws nothing: a failed call leaves the judgements null.
 */
export async function judgeLinks(
  ctx: ModelCallContext,
  links: readonly RetrievedLink[],
  sentences: readonly Sentence[],
  options: JudgeLinksOptions = {},
): Promise<LinkAudit[]> {
  const judgements = new Map<number, LinkJudgement>();
  const passages = new Map<number, string>();
  const prepared: Prepared[] = [];
  for (const [index, { link, retrieval }] of links.entries()) {
    const decided = decidedByCode(retrieval);
    if (decided) {
      judgements.set(index, decided);
      continue;
    }
    const sentence = link.sentenceIndex === null ? undefined : sentences[link.sentenceIndex];
    const citing = sentence?.text ?? opening(sentences);
    const anchor =
      retrieval.textFragment?.found &&
      retrieval.textFragment.start !== undefined &&
      retrieval.textFragment.end !== undefined
        ? { start: retrieval.textFragment.start, end: retrieval.textFragment.end }
        : undefined;
    // i18n-exempt: a prompt sent to the model, English by design
    const passage = retrieval.text
      ? await linkPassage(retrieval.text, citing, {
          ...(anchor ? { anchor } : {}),
          ...(options.lang ? { lang: options.lang } : {}),
        })
      : `Title of the registered work: ${retrieval.doi?.title ?? ''}`;
    if (retrieval.text) passages.set(index, passage);
    prepared.push({ index, citing, passage, titleOnly: !retrieval.text, unplaced: !sentence });
  }

  if (prepared.length > 0) {
    const blocks = prepared.map((item, n) => {
      const retrieval = links[item.index]!.retrieval;
      // i18n-exempt: a prompt sent to the model, English by design
      const label = item.unplaced ? `TEXT OPENING ${n + 1}` : `SENTENCE ${n + 1}`;
      const page = `${retrieval.title ? `${retrieval.title}\n` : ''}${item.passage}`;
      return `LINK ${n + 1}${item.unplaced ? ' (listed as a source of the whole text)' : ''}\n${dataBlock(label, item.citing)}\n${dataBlock(`PAGE ${n + 1}`, page)}`;
    });
    try {
      const { value } = await structuredCall(ctx, {
        stage: 'links',
        role: 'strong',
        name: 'link_audit',
        schema: judgeSchema,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: [textLanguageLine(options.promptLanguage), ...blocks].filter(Boolean).join('\n\n') },
        ],
      });
      const answers = new Map(value.links.map((answer) => [answer.link, answer]));
      prepared.forEach((item, n) =>
        judgements.set(item.index, consistent(links[item.index]!.retrieval, item, answers.get(n + 1))),
      );
    } catch (error) {
      const reason = failureReason(error);
      for (const item of prepared) judgements.set(item.index, notJudged(links[item.index]!.retrieval, reason));
    }
  }

  return links.map(({ link, retrieval }, index) => {
    const passage = passages.get(index);
    return {
      ...retrieval,
      ...judgements.get(index)!,
      linkId: link.id,
      sentenceIndex: link.sentenceIndex,
      ...(passage ? { passage } : {}),
    };
  });
}
