/**
 * A new check: the request weighed (empty, too long, which engine, which language), its row written with its
 * sentences, so its first step is done when it is answered. The run (run-manager.ts) then goes on from that row; a
 * worker woken by the check itself writes it before the engine is even loaded (check-intake.ts, issue 27). Both
 * write the same row, through this one function.
 */
import { englishError } from '../core/error-notices';
import { stableHash } from '../core/model/stable-hash';
import type { Clock } from '../core/ports';
import { hostOf } from '../core/text/hosts';
import { detectLanguage, splitSentences } from '../core/text/sentences';
import { EMPTY_PROGRESS, sentenceRows } from '../db/check-writer';
import type { CheckRecord } from '../db/entities';
import type { FactlightDb } from '../db/schema';
import { searchWordsFor } from '../db/search-words';
import { formatNumber, t } from '../i18n/i18n';
import { onDeviceHandles, onDeviceStatus } from '../llm/on-device-download';
import { unsupportedLanguageNotice } from '../llm/on-device-messages';
import type { LanguageModelApi } from '../llm/prompt-api';
import type { StartCheckRequest, StartCheckResult } from '../messaging/protocol';
import { chooseEngine } from '../settings/engine';
import { redactSettings } from '../settings/redact';
import type { Settings } from '../settings/schema';
import { errorWords } from '../view/error-words';
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

/** Where the check was asked from: the tab and frame of a content script. */
export interface CheckOrigin {
  tabId?: number;
  frameId?: number;
}

/**
 * Weighs the request and, when it can be checked, writes the check ("running") with its sentences split: the
 * answer is `{ ok: true, checkId }` once both are stored. `judgeOf`: the evidence-only check whose sources this
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
  const language = detectLanguage(text);
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
  const site = request.pageUrl ? hostOf(request.pageUrl) : undefined;
  const now = deps.clock.now();
  // The run's first step, as the pipeline takes it (the same split of the same text in the same language): the
  // panel shows the sentences at once, and the run reads these rows back instead of splitting again (stored-split.ts).
  const sentences = splitSentences(text, language);
  // The hash goes into exported files: it is built from settings with their keys replaced by "saved or not".
  const hashed = redactSettings(settings);
  const record: CheckRecord = {
    id: deps.newId?.() ?? crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
    status: 'running',
    origin: request.origin,
    text,
    inputHash: stableHash({
      text,
      model: hashed.model,
      search: hashed.search,
      evidence: hashed.evidence,
      checking: hashed.checking,
      citations: request.citations ?? [],
    }),
    searchWords: searchWordsFor(text, request.pageTitle, site),
    progress: { ...EMPTY_PROGRESS, sentences: sentences.length },
    language,
    warnings: [],
    ...(request.pageUrl ? { pageUrl: request.pageUrl } : {}),
    ...(request.pageTitle ? { pageTitle: request.pageTitle } : {}),
    ...(site ? { site } : {}),
    ...(request.fresh ? { fresh: true } : {}),
    ...(request.capture ? { capture: request.capture } : {}),
    ...(request.messageId ? { messageId: request.messageId } : {}),
    ...(request.citations?.length ? { citations: request.citations } : {}),
    ...(origin.tabId !== undefined ? { tabId: origin.tabId, frameId: origin.frameId ?? 0 } : {}),
    ...(evidenceOnly
      ? {
          evidenceOnly: true,
          ...(evidenceOnlyReason ? { evidenceOnlyReason } : {}),
          ...(reasonNotice ? { evidenceOnlyNotice: reasonNotice } : {}),
        }
      : {}),
    ...(engine.kind === 'on-device' && !evidenceOnly ? { onDevice: true } : {}),
    ...(judgeOf ? { judgeOf } : {}),
  };
  const { db } = deps;
  await db.transaction('rw', db.checks, db.sentences, async () => {
    await db.checks.add(record);
    await db.sentences.bulkPut(sentenceRows(record.id, sentences));
  });
  return { ok: true, checkId: record.id };
}
