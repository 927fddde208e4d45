/**
 * The one messaging protocol of Factlight. Messages carry commands and ids; results that take time are
 * written to IndexedDB and read from there by UIs. Each command says who may send it (`COMMAND_AUDIENCE`):
 * the background refuses a command from any other sender.
 *
 * Every command that can fail answers a `Result`: `{ ok: true, … }`, or `{ ok: false, error, … }` with
 * `error` one sentence for the person, said where they look. A few commands only fail when something
 * unexpected happens (the database closed, the worker stopped); they answer their value, and that failure,
 * like a refused sender, rejects the promise the sender awaits, which the sender shows too.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';

import type { CaptureSelectors } from '../anchoring/selectors';
import type { SearchProviderId } from '../core/ports';
import type { LinkStatus } from '../core/quality/links/types';
import type { Band } from '../core/types';
import type { ImportProblem } from '../db/import-problems';
import type { Catalogue } from '../i18n/catalogue';
import type { OnDeviceStatus } from '../llm/on-device-download';
import type { EngineInUse } from '../settings/engine';
import type { ModelPresetId } from '../settings/model-presets';
import type { PolicyKey } from '../settings/policy-fields';
import type { ModelProfileDraft, PublicSettings, SettingsDraft } from '../settings/redact';
import type { LinkSupport } from '../view/link-labels';

/**
 * What a command that can fail answers: `T` with `ok: true`, or `ok: false` with `error` (one sentence for
 * the person: what failed and why) and whatever `F` adds to a failure (`needsSetup`, `fix`, …).
 */
export type Result<T extends object = object, F extends object = object> =
  ({ ok: true } & T) | ({ ok: false; error: string } & F);

/** Saved, with the settings as they now are; or why not (each invalid field and what is wrong with it). */
export type SaveSettingsResult = Result<{ settings: PublicSettings }>;

/**
 * Imported, with the settings now in force and the keys the file would have changed but the organisation's
 * policy locks (left as they are); or why the file was refused (nothing changed).
 */
export type ImportSettingsResult = Result<{ settings: PublicSettings; locked: PolicyKey[] }>;

/** Model ids the server lists, to help pick a model (on success, and on a failure that got the list). */
interface ListedModels {
  models?: string[];
}

/** "Test connection": what worked, or what failed and why (`error`) and what to do about it (`fix`). */
export type ConnectionTestResult = Result<
  ListedModels & {
    /** One sentence for the user: what worked. */
    message: string;
    /**
     * Model tests only: how each configured model holds its replies to a schema (json_schema, json_object or prompt).
     */
    structuredOutput?: Array<{
      model: string;
      mode: 'json_schema' | 'json_object' | 'prompt';
      /** The token-limit parameter the model takes. */
      tokenLimit?: 'max_tokens' | 'max_completion_tokens';
      /** Whether the model thinks before it answers (by name, or as its reply showed). */
      reasons?: boolean;
    }>;
  },
  ListedModels & {
    /** What to do about the failure, when something can be done. */
    fix?: string;
    /** The connection works and only a choice is left (a model to pick): shown as a next step, not an error. */
    nextStep?: boolean;
  }
>;

export interface ModelConnectionDraft {
  preset: ModelPresetId;
  profile: ModelProfileDraft;
}

export interface SearchConnectionDraft {
  provider: SearchProviderId;
  /** Unsaved form values; an undefined key means "use the saved one". */
  baseUrl?: string;
  apiKey?: string;
}

export interface ExtensionStatus {
  version: string;
  modelConfigured: boolean;
  /** What checks run on now (model, on-device, sources only), and why when it is sources only. */
  engine?: EngineInUse;
  /** Whether this browser has Chrome's on-device model, as the service worker sees it. */
  onDevice?: OnDeviceStatus;
  /** The on-device model is the one to use once downloaded: offer its Download button. */
  wantsOnDevice?: boolean;
}

/**
 * A link the checked text itself cites (a chatbot's citation pill, a footnote, a link in the selection), with its place
 * in the text (-1 when unknown).
 */
export interface CitedLink {
  url: string;
  title?: string;
  start: number;
  end: number;
  /** The quote of a `#:~:text=` fragment. */
  quote?: string;
}

export interface StartCheckRequest {
  text: string;
  origin: 'selection' | 'page' | 'chatbot-reply' | 'typed';
  pageUrl?: string;
  pageTitle?: string;
  /** Ignore cached evidence ("Re-check"). */
  fresh?: boolean;
  /** Where the text sits in the page, so results can be drawn back onto it. */
  capture?: CaptureSelectors;
  /** For a chatbot reply: which reply it was (keyed state survives re-renders). */
  messageId?: string;
  citations?: CitedLink[];
}

/**
 * The new check's id once started (from any UI, or inside a page: selection or article), else why not.
 * `limit`: the text is longer than this many characters, and its first part up to there can be checked
 * (the page offers it, see `SelectionCheckRequest`).
 */
export type StartCheckResult = Result<{ checkId: string }, { needsSetup?: boolean; limit?: number }>;

/**
 * How to check the page's selection. `limit`: only its first part, cut at the last sentence end within that
 * many characters (the page's offer after a text-too-long refusal); the background caps it at its own limit.
 */
export interface SelectionCheckRequest {
  limit?: number;
}

/** "Rate an explanation": the explanation the user picked and the claim it explains. */
export interface RateExplanationRequest {
  claim: string;
  explanation: string;
  pageUrl?: string;
  pageTitle?: string;
}

export type RateExplanationResult = Result<{ ratingId: string }, { needsSetup?: boolean }>;

/** The text selected in a tab, with the claims the page says it reviews (ClaimReview), for rating. */
export type PageSelectionResult = Result<{ text: string; url: string; title: string; claims: string[] }>;

/**
 * Checks read from a JSON export: how many were new, how many were already in history; or why the part was refused,
 * as a code the side panel words in the interface language (`problem`) and in English (`error`).
 */
export type ImportChecksResult = Result<{ imported: number; skipped: number }, { problem?: ImportProblem }>;

/** Commands from extension pages (options, side panel) and content scripts to the background. */
export interface BackgroundProtocol {
  /** Settings without secrets. */
  getSettings(): PublicSettings;
  saveSettings(draft: SettingsDraft): SaveSettingsResult;
  /** Merges a file made by "Export settings" into the settings; keys the policy locks are left as they are. */
  importSettings(request: { json: string }): ImportSettingsResult;
  /** Tries the model endpoint described by the (possibly unsaved) form. */
  testModelConnection(draft: ModelConnectionDraft): ConnectionTestResult;
  /** Tries one search provider with the (possibly unsaved) form values. */
  testSearchConnection(draft: SearchConnectionDraft): ConnectionTestResult;
  /** The extension's pages (side panel, options, welcome): what checks run on now and whether a model is set up. */
  getStatus(): ExtensionStatus;
  /** Starts a check owned by the background; progress and results are written to IndexedDB. */
  startCheck(request: StartCheckRequest): StartCheckResult;
  /** Stops a running check; what it found so far is kept. */
  cancelCheck(request: { checkId: string }): void;
  /**
   * Checks the same text again with fresh evidence; `retry` (after a failure): reusing what the cache holds,
   * so only what failed is asked again.
   */
  recheck(request: { checkId: string; retry?: boolean }): StartCheckResult;
  /** "Judge these sources": judges an evidence-only check's sources with the model now set up, as a new check. */
  judgeCheck(request: { checkId: string }): StartCheckResult;
  /** Deletes checks (cancelling any that run); `all` clears the history. */
  deleteChecks(request: { checkIds: string[] } | { all: true }): { deleted: number };
  /** Imports checks exported as JSON; existing ids are skipped. */
  importChecks(request: { json: string }): ImportChecksResult;
  /** Resumes checks a stopped service worker left running (the side panel calls it when it opens). */
  resumeChecks(): { resumed: number };
  /** The floating button was pressed: the background loads Factlight into the page, which checks the selection. */
  checkSelectionHere(request: SelectionCheckRequest | undefined): StartCheckResult;
  /** A page's notice said Factlight is not set up and the reader pressed "Set up Factlight": opens the options. */
  openSetup(): void;
  /** Side panel's "Fact-check this page": the background loads Factlight into that tab, which checks its article. */
  checkPageInTab(request: { tabId: number }): StartCheckResult;
  /** Whether the floating "Fact-check" button should show on the sender's site. */
  getCaptureSettings(): { floatingButton: boolean; autoCheckReplies: boolean };
  /** Side panel → page: scroll the page to a claim and flash it; or why it cannot be shown there. */
  revealClaim(request: { checkId: string; claimId: string }): Result;
  /** Side panel → page: remove Factlight's highlights from the check's tab; or why they could not be reached. */
  clearPageHighlights(request: { checkId: string }): Result;
  /** Starts rating an explanation (FinGrAct); progress and the score are written to IndexedDB. */
  rateExplanation(request: RateExplanationRequest): RateExplanationResult;
  /** Resumes ratings a stopped service worker left running. */
  resumeRatings(): { resumed: number };
  /** Reads the selection (and reviewed claims) of the tab beside the side panel. */
  readPageSelection(request: { tabId: number }): PageSelectionResult;
  /**
   * Page → background: claims of a finished check that its page could not show when it was drawn are on the page now
   * (the reply came back into view); `notFound` are those still not shown, of the drawing's `total`. Kept on the check
   * (the side panel's list) and said on a chatbot reply's control.
   */
  pagePlaced(request: PagePlacedRequest): void;
  /** Page → side panel: open the check (and claim) in the side panel. */
  openInSidePanel(request: { checkId: string; claimId?: string }): void;
  /**
   * A content script's interface language: `locale: null` when it follows the browser (getMessage answers),
   * else the chosen catalogue's messages for `keys` (a plural key brings every form).
   */
  getInterfaceCatalogue(request: { keys: string[] }): InterfaceCatalogue;
}

/** The messages a content script shows, in the chosen interface language (see getInterfaceCatalogue). */
export type InterfaceCatalogue = { locale: null; messages?: undefined } | { locale: string; messages: Catalogue };

export type BackgroundCommand = keyof BackgroundProtocol;

/** Who may send a command. Page scripts can never reach the background at all (no externally_connectable). */
export type Audience = 'extension-pages' | 'extension-pages-and-content-scripts';

export const COMMAND_AUDIENCE: Record<BackgroundCommand, Audience> = {
  getSettings: 'extension-pages',
  saveSettings: 'extension-pages',
  importSettings: 'extension-pages',
  testModelConnection: 'extension-pages',
  testSearchConnection: 'extension-pages',
  getStatus: 'extension-pages',
  startCheck: 'extension-pages-and-content-scripts',
  cancelCheck: 'extension-pages',
  recheck: 'extension-pages',
  judgeCheck: 'extension-pages',
  deleteChecks: 'extension-pages',
  importChecks: 'extension-pages',
  resumeChecks: 'extension-pages',
  getCaptureSettings: 'extension-pages-and-content-scripts',
  checkSelectionHere: 'extension-pages-and-content-scripts',
  openSetup: 'extension-pages-and-content-scripts',
  checkPageInTab: 'extension-pages',
  revealClaim: 'extension-pages',
  clearPageHighlights: 'extension-pages',
  openInSidePanel: 'extension-pages-and-content-scripts',
  pagePlaced: 'extension-pages-and-content-scripts',
  rateExplanation: 'extension-pages',
  resumeRatings: 'extension-pages',
  readPageSelection: 'extension-pages',
  getInterfaceCatalogue: 'extension-pages-and-content-scripts',
};

export const backgroundMessaging = defineExtensionMessaging<BackgroundProtocol>({ logger: undefined });

/** Sends a command to the background (from an extension page or a content script). */
export const sendToBackground = backgroundMessaging.sendMessage;

/** One claim's span as drawn in the page, with what its in-page card shows. */
export interface PageSpan {
  claimId: string;
  /** Offsets in the checked text. */
  start: number;
  end: number;
  /** The claim's words and the text around them, to anchor when the page changed. */
  quote: string;
  band: Band;
  verdict: string;
  explanation: string;
  /** The whole text's headline ("Whole text: ✗ 1 refuted · 3 supported"), the same on every span's card. */
  textSummary?: string;
  topEvidence?: {
    title: string;
    /** The page, opened at the passage by a text fragment when the passage was read from it. */
    url: string;
    stance: string;
    /** When it was published, as the reader's locale writes it (Intl, as in the side panel), when known. */
    publishedAt?: string;
    /** The date the claim names ("2021"), when the evidence was published before it. */
    predates?: string;
    /** The source's reliability rating, when the shipped lists rate its host. */
    reliability?: { band: 'high' | 'mixed' | 'low'; label: string; detail: string };
  };
  revision?: string;
}

/** A link the checked text cites, with what the audit found, for its mark in the page. */
export interface PageLinkMark {
  url: string;
  status: LinkStatus;
  support: LinkSupport;
  /** Status and support in words (the mark's accessible name). */
  label: string;
}

export interface DrawCheckRequest {
  checkId: string;
  /** The page the check came from: a frame now showing another page draws nothing (lib/core/text/same-page.ts). */
  pageUrl?: string;
  text: string;
  capture: CaptureSelectors;
  spans: PageSpan[];
  /** The text's cited links, once audited. */
  links?: PageLinkMark[];
  finished: boolean;
  /** Why the check failed, once it has: said at the selection when nothing could be highlighted. */
  failure?: string;
}

/** Claims of a finished check its page shows since its drawing: those still not shown, of the drawing's `total`. */
export interface PagePlacedRequest {
  checkId: string;
  notFound: string[];
  total: number;
}

/** How much of a chatbot reply's check the page shows: `notShown` of its `total` claims could not be placed. */
export interface ReplyPlacement {
  checkId: string;
  messageId: string;
  notShown: number;
  total: number;
}

/** Commands from the background to the scripts in a page. */
export interface PageProtocol {
  /** Draws (or redraws) a check's spans in the page. Answers which claims could not be found on the page. */
  drawCheck(request: DrawCheckRequest): { notFound: string[] };
  clearHighlights(): void;
  /**
   * To the "Fact-check" control of a checked chatbot reply, after each drawing: how many of the check's claims could
   * not be shown on the page, so the control says so instead of "Checked" and offers the side panel.
   */
  replyPlacement(request: ReplyPlacement): void;
  /** Scrolls to a claim's highlight and re-paints it; fails when the claim is not highlighted here. */
  revealClaim(request: { checkId: string; claimId: string }): Result;
  /** Context menu / shortcut / floating button: check what is selected (or its first part, see the request). */
  checkSelection(request: SelectionCheckRequest | undefined): StartCheckResult;
  /** Context menu, or the side panel's button: check the page's main article. */
  checkPage(): StartCheckResult;
}

export const pageMessaging = defineExtensionMessaging<PageProtocol>({ logger: undefined });

/**
 * Commands from Chrome's service worker to its offscreen document (entrypoints/offscreen), which runs the engine
 * (lib/background/engine.ts: the database, the pipeline, the SDKs, the page reader) so that a wake of the worker
 * is not sent the engine's code (issue 27). The document answers only the worker.
 */
export interface OffscreenProtocol {
  /** One call of the engine's interface (`Engine` in lib/background/engine.ts), its arguments as they were given. */
  engineCall(request: { method: EngineMethod; args: unknown[] }): unknown;
  /** An event of the worker's that the engine listens to (the document has no storage API to hear it itself). */
  engineEvent(request: { event: 'storage.onChanged'; args: unknown[] }): void;
}

/** The methods of the engine's interface the worker calls in the offscreen document; the document runs no other. */
export const ENGINE_METHODS = [
  'dispatch',
  'placeOf',
  'resume',
  'pruneCache',
  'pruneHistory',
  'tabRemoved',
  'tabNavigated',
] as const;

export type EngineMethod = (typeof ENGINE_METHODS)[number];

// Marked free of side effects (making a messenger registers nothing until it is used), so scripts that import this
// file but never talk to the engine's document, the script on every page first, do not carry it.
export const offscreenMessaging = /* @__PURE__ */ defineExtensionMessaging<OffscreenProtocol>({ logger: undefined });

/**
 * Requests from the offscreen document's engine to the worker, which serves only that document
 * (lib/background/offscreen-engine/relay-server.ts): the API calls an offscreen document cannot make (it has only
 * `runtime`), and the engine's dependencies that stay in the worker (the settings in force, the network guard).
 */
export interface EngineRelayProtocol {
  /**
   * One call of an allowed API method (relayed-calls.ts); `funcName` names the function `scripting.executeScript`
   * injects, which cannot cross a message.
   */
  engineRelayCall(request: { path: string; args: unknown[]; funcName?: string }): unknown;
  /** One of the engine's dependencies, run in the worker. */
  engineRelayDep(request: { name: string; args: unknown[] }): unknown;
}

// Marked free of side effects (making a messenger registers nothing until it is used), so scripts that import this
// file but never talk to the engine's document, the script on every page first, do not carry it.
export const engineRelayMessaging = /* @__PURE__ */ defineExtensionMessaging<EngineRelayProtocol>({
  logger: undefined,
});
