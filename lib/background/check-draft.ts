/**
 * The part of a new check that needs no settings, no model and no words (issue 27): what the check intake
 * (check-intake.ts) writes straight into IndexedDB before the engine is loaded, and what `newCheck` (new-check.ts)
 * starts from. Kept apart from new-check.ts so that the intake's script carries only this (no settings schema, no
 * Dexie, no catalogue).
 */
import { hostOf } from '../core/text/hosts';
import { detectLanguage, splitSentences } from '../core/text/sentences';
import type { Sentence } from '../core/types';
import { EMPTY_PROGRESS } from '../db/check-rows';
import type { CheckRecord } from '../db/entities';
import { searchWordsFor } from '../db/search-words';
import type { StartCheckRequest } from '../messaging/protocol';
import { MAX_TEXT_CHARS } from './text-limit';

/** Where the check was asked from: the tab and frame of a content script. */
export interface CheckOrigin {
  tabId?: number;
  frameId?: number;
}

/** A check as it is before its settings are read: its row (`unsettled`) and its sentences, split. */
export interface CheckDraft {
  record: CheckRecord;
  sentences: Sentence[];
}

/** Whether a text can be checked at all (not empty, not too long); `newCheck` says why not, in words. */
export const checkableText = (text: string): boolean => text.trim() !== '' && text.length <= MAX_TEXT_CHARS;

/**
 * The part of a new check that needs no settings, model or words (what the check intake writes before the engine
 * is loaded: check-intake.ts): the row as the request and the text give it, `unsettled` until {@link settleCheck}
 * has added what the settings decide, and its sentences split, as the pipeline's first step splits them (the same
 * split of the same text in the same language): the panel shows the sentences at once, and the run reads these rows
 * back instead of splitting again (stored-split.ts).
 */
export function draftCheck(request: StartCheckRequest, origin: CheckOrigin, id: string, now: number): CheckDraft {
  const text = request.text;
  const language = detectLanguage(text);
  const sentences = splitSentences(text, language);
  const site = request.pageUrl ? hostOf(request.pageUrl) : undefined;
  const record: CheckRecord = {
    id,
    createdAt: now,
    updatedAt: now,
    status: 'running',
    origin: request.origin,
    text,
    inputHash: '',
    unsettled: true,
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
  };
  return { record, sentences };
}
