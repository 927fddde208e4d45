/**
 * A new check: the request weighed (empty, too long, which engine, which language), its row written with its
 * sentences, so its first step is done when it is answered. The run (run-manager.ts) then goes on from that row. A
 * worker woken by the check itself writes its draft (check-draft.ts) before the engine is even loaded
 * (check-intake.ts, issue 27), and the engine settles it when it takes it up (`settleCheck`): both paths write the
 * same row, drafted and settled by the same functions.
 */
import { englishError } from '../core/error-notices';
import { stableHash } from '../core/model/stable-hash';
import type { Clock } from '../core/ports';
import { detectLanguage } from '../core/text/sentences';
import { sentenceRows } from '../db/check-rows';
import type { CheckRecord } from '../db/entities';
import type { FactlightDb } from '../db/schema';
import { formatNumber, t } from '../i18n/i18n';
import { onDeviceHandles, onDeviceStatus } from '../llm/on-device-download';
import { unsupportedLanguageNotice } from '../llm/on-device-messages';
import type { LanguageModelApi } from '../llm/prompt-api';
import type { StartCheckRequest, StartCheckResult } from '../messaging/protocol';
import { chooseEngine } from '../settings/engine';
import { redactSettings } from '../settings/redact';
import type { Settings } from '../settings/schema';
import { errorWords } from '../view/error-words';
import { type CheckOrigin, draftCheck } from './check-draft';
import { interfaceLanguageReady } from './interface-language';
import { MAX_TEXT_CHARS } from './text-limit';

export interface NewCheckDeps {
  db: FactlightDb;
  loadSettings(): Promise<Settings>;
  clock: Clock;
  newId?: () => string;
  /** Chrome's Prompt API (`LanguageModel`) where this browser has it: the on-device model. */
  languageModel?: () => LanguageModelApi | undefined;
}

export type { CheckOrigin } from './check-draft';

/** What the settings decide about a check: the engine it runs on (and why sources only), and its `inputHash`. */
export type SettledFields = Pick<
  CheckRecord,
  'inputHash' | 'evidenceOnly' | 'evidenceOnlyReason' | 'evidenceOnlyNotice' | 'onDevice'
>;

/** Why a check cannot start on its settings ("Judge these sources" with no model), in the interface language. */
interface SettleRefusal {
  ok: false;
  error: string;
  needsSetup: true;
}

/**
 * Reads the settings in force and the on-device model, and decides what they decide about a check (its engine, its
 * hash): when it is created (`newCheck`), or when the engine takes up a check the intake wrote (run-manager.ts).
 * `judgeOf`: the evidence-only check whose sources this one judges, which needs a model (else a refusal).
 */
export async function settleCheck(
  deps: Pick<NewCheckDeps, 'loadSettings' | 'languageModel'>,
  check: Pick<CheckRecord, 'text' | 'language' | 'citations'>,
  judgeOf?: string,
): Promise<{ ok: true; fields: SettledFields } | SettleRefusal> {
  const { text } = check;
  // Read side by side: a check that wakes the worker waits for each of them (issue 27). The engine's reason is stored
  // and shown: in the chosen interface language, also right after a wake.
  const [settings, onDevice] = await Promise.all([
    deps.loadSettings(),
    onDeviceStatus(deps.languageModel?.()),
    interfaceLanguageReady(),
  ]);
  // With no model to use, a check still finds sources to compare (evidence-only mode); judging needs a model.
  const engine = chooseEngine(settings, onDevice);
  if (engine.kind === 'evidence-only' && judgeOf) return { ok: false, error: engine.reason, needsSetup: true };
  // A language the on-device model cannot read: sources only for this text, saying why.
  const language = check.language ?? detectLanguage(text);
  const api = engine.kind === 'on-device' ? deps.languageModel?.() : undefined;
  const unreadable = api && !(await onDeviceHandles(api, language)) ? unsupportedLanguageNotice(language) : undefined;
  // Said at once to the page that asked, in the interface language (it is not stored).
  if (unreadable && judgeOf)
    return { ok: false, error: errorWords(unreadable) ?? englishError(unreadable), needsSetup: true };
  const evidenceOnly = engine.kind === 'evidence-only' || Boolean(unreadable);
  // Why, as a code with its English beside it (the views word the code), or as words when it has no code.
  const reasonNotice = engine.kind === 'evidence-only' ? engine.notice : unreadable;
  const evidenceOnlyReason = reasonNotice
    ? englishError(reasonNotice)
    : engine.kind === 'evidence-only'
      ? engine.reason
      : undefined;
  // The hash goes into exported files: it is built from settings with their keys replaced by "saved or not".
  const hashed = redactSettings(settings);
  const fields: SettledFields = {
    inputHash: stableHash({
      text,
      model: hashed.model,
      search: hashed.search,
      evidence: hashed.evidence,
      checking: hashed.checking,
      citations: check.citations ?? [],
    }),
    ...(evidenceOnly
      ? {
          evidenceOnly: true,
          ...(evidenceOnlyReason ? { evidenceOnlyReason } : {}),
          ...(reasonNotice ? { evidenceOnlyNotice: reasonNotice } : {}),
        }
      : {}),
    ...(engine.kind === 'on-device' && !evidenceOnly ? { onDevice: true } : {}),
  };
  return { ok: true, fields };
}

/** A draft with what its settings decide: no longer `unsettled`. */
export function settled(record: CheckRecord, fields: SettledFields): CheckRecord {
  const { unsettled: _, ...rest } = record;
  return { ...rest, ...fields };
}

/**
 * Weighs the request and, when it can be checked, writes the check ("running", settled) with its sentences split:
 * the answer is `{ ok: true, checkId }` once both are stored. `judgeOf`: the evidence-only check whose sources this
 * one judges ("Judge these sources").
 */
export async function newCheck(
  deps: NewCheckDeps,
  request: StartCheckRequest,
  origin: CheckOrigin = {},
  judgeOf?: string,
): Promise<StartCheckResult> {
  const text = request.text;
  // A refusal is said at once to the page that asked, in the chosen interface language (also right after a wake).
  if (!text.trim()) return interfaceLanguageReady().then(() => ({ ok: false, error: t('bgNoText') }));
  if (text.length > MAX_TEXT_CHARS) {
    await interfaceLanguageReady();
    return {
      ok: false,
      error: t('bgTextTooLong', { length: formatNumber(text.length), limit: formatNumber(MAX_TEXT_CHARS) }),
      limit: MAX_TEXT_CHARS,
    };
  }
  const draft = draftCheck(request, origin, deps.newId?.() ?? crypto.randomUUID(), deps.clock.now());
  const settling = await settleCheck(deps, draft.record, judgeOf);
  if (!settling.ok) return settling;
  const record: CheckRecord = { ...settled(draft.record, settling.fields), ...(judgeOf ? { judgeOf } : {}) };
  const { db } = deps;
  await db.transaction('rw', db.checks, db.sentences, async () => {
    await db.checks.add(record);
    await db.sentences.bulkPut(sentenceRows(record.id, draft.sentences));
  });
  return { ok: true, checkId: record.id };
}
