/**
 * Citation masking and recovery for any explanation with [n] markers (Factlight's own, or a chatbot's
 * cited answer): for each passage the explanation cites, the model sees that one passage and the
 * explanation's masked, numbered sentences, and names the sentences the passage supports. A citation is
 * supported when its sentence is recovered for its passage (attribution-metrics.ts).
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import { attributionResult, type CitationPair } from './attribution-metrics';
import { citedNumbers, type CitedSentence, numberedSentences } from './cited-sentences';
import type { AttributionResult } from './types';

/** Long pages are cut; the part that matters for one sentence is rarely past the first paragraphs. */
const PASSAGE_CHARS = 1_200;

/** One explanation to attribute: its masked sentences and the text of each passage, by its n in [n]. */
export interface AttributionTarget {
  id: string;
  sentences: readonly CitedSentence[];
  passages: ReadonlyMap<number, string>;
}

const recoverySchema = z.object({
  answers: z.array(z.object({ question: z.number().int(), sentences: z.array(z.number().int()) })),
});

/** How to recover a passage's sentences; shared with the batched explanation scoring call. */
// i18n-exempt: a prompt sent to the model, English by design
export const RECOVERY_RULES = `Judge each passage on its own, using only that passage: list the numbers of the
explanation sentences whose statements the passage states or directly implies. A sentence that only shares
a topic with the passage is not supported. An empty list is a valid answer.`;

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You check which sentences of an explanation a source passage supports. Each question gives one
passage and refers to an explanation whose sentences are numbered (citation markers removed). Answer every
question. ${RECOVERY_RULES}
${DATA_BLOCK_RULE}`;

/** One recovery question: does passage [citation] support any sentence of `target`? */
interface RecoveryQuestion {
  target: AttributionTarget;
  citation: number;
}

/** Each cited passage whose text the caller has; a cited n without text cannot be supported. */
function questionsFor(targets: readonly AttributionTarget[]): RecoveryQuestion[] {
  return targets.flatMap((target) =>
    citedNumbers(target.sentences)
      .filter((n) => target.passages.has(n))
      .map((citation) => ({ target, citation })),
  );
}

/**
 * The masked explanation blocks (each once) and the numbered questions, each with its one passage. The
 * questions share one call to keep it at one call per check; the prompt asks for each to be answered on
 * its passage alone, which is the protocol's "one passage at a time" by instruction rather than isolation.
 */
function recoveryPrompt(targets: readonly AttributionTarget[]): { text: string; questions: RecoveryQuestion[] } {
  const questions = questionsFor(targets);
  const ids = new Map<AttributionTarget, string>();
  for (const question of questions) if (!ids.has(question.target)) ids.set(question.target, `x${ids.size + 1}`);
  const blocks = [...ids].map(([target, id]) => dataBlock('EXPLANATION', numberedSentences(target.sentences), id));
  const lines = questions.map(
    (question, index) =>
      // i18n-exempt: a prompt sent to the model, English by design
      `Question ${index + 1}, about explanation ${ids.get(question.target)}:\n${dataBlock('PASSAGE', (question.target.passages.get(question.citation) ?? '').slice(0, PASSAGE_CHARS), `q${index + 1}`)}`,
  );
  return { text: [...blocks, ...lines].join('\n\n'), questions };
}

/**
 * Turns the model's answers (1-based question and sentence numbers) into recovered pairs per target id.
 * A target appears only when the model answered every one of its questions: a skipped question is no
 * answer, and reading it as "supports nothing" would flag a citation the model never looked at.
 */
function recoveredPairs(
  questions: readonly RecoveryQuestion[],
  answers: ReadonlyArray<{ question: number; sentences: readonly number[] }>,
): Map<string, CitationPair[]> {
  const pairs = new Map<string, CitationPair[]>();
  const answered = new Set<number>();
  for (const answer of answers) {
    const question = questions[answer.question - 1];
    if (!question || answered.has(answer.question)) continue;
    answered.add(answer.question);
    const list = pairs.get(question.target.id) ?? [];
    for (const sentence of new Set(answer.sentences)) {
      // Numbers outside the explanation are the model's slip, not a recovery.
      if (sentence >= 1 && sentence <= question.target.sentences.length)
        list.push({ sentenceIndex: sentence - 1, citation: question.citation });
    }
    pairs.set(question.target.id, list);
  }
  questions.forEach((question, index) => {
    if (!answered.has(index + 1)) pairs.delete(question.target.id);
  });
  return pairs;
}

/**
 * Attributes every target's citations in ONE model call (stage 'explain'), or none when nothing cited has
 * a passage. A target with citations but no questions (no passage text for any) is scored without the
 * model: all its citations are unsupported. A target whose questions the model skipped gets no result.
 * Throws like `structuredCall` when the call fails, so a failure leaves no result, never a false
 * "unsupported".
 */
export async function attributeCitations(
  ctx: ModelCallContext,
  targets: readonly AttributionTarget[],
): Promise<Map<string, AttributionResult>> {
  const { text, questions } = recoveryPrompt(targets);
  let pairs = new Map<string, CitationPair[]>();
  const questioned = new Set(questions.map((question) => question.target.id));
  if (questions.length > 0) {
    const { value } = await structuredCall(ctx, {
      stage: 'explain',
      role: 'strong',
      name: 'citation_recovery',
      schema: recoverySchema,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: text },
      ],
    });
    pairs = recoveredPairs(questions, value.answers);
  }
  const results = new Map<string, AttributionResult>();
  for (const target of targets) {
    const recovered = pairs.get(target.id);
    if (questioned.has(target.id) && !recovered) continue;
    results.set(target.id, attributionResult(target.sentences, recovered ?? []));
  }
  return results;
}
