import { defineExtensionMessaging } from '@webext-core/messaging';
import type { SearchProviderId } from '../core/ports';
import type { ModelPresetId } from '../settings/model-presets';
import type { ModelProfileDraft, PublicSettings, SettingsDraft } from '../settings/redact';

/**
 * The one messaging protocol of Factlight. Messages carry commands and ids; results that take time are
 * written to IndexedDB and read from there by UIs. Each command says who may send it (`COMMAND_AUDIENCE`):
 * the background refuses a command from any other sender.
 */

export type SaveSettingsResult =
  | { ok: true; settings: PublicSettings }
  | { ok: false; errors: string[] };

export interface ConnectionTestResult {
  ok: boolean;
  /** One sentence for the user: what worked, or what failed and why. */
  message: string;
  /** What to do about a failure, when something can be done. */
  fix?: string;
  /** Model ids the server lists, to help pick a model. */
  models?: string[];
}

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
}

export interface StartCheckRequest {
  text: string;
  origin: 'selection' | 'page' | 'chatbot-reply' | 'typed';
  pageUrl?: string;
  pageTitle?: string;
  /** Ignore cached evidence ("Re-check"). */
  fresh?: boolean;
}

export type StartCheckResult = { ok: true; checkId: string } | { ok: false; error: string; needsSetup?: boolean };

/** Commands from extension pages (options, side panel) and content scripts to the background. */
export interface BackgroundProtocol {
  /** Settings without secrets. */
  getSettings(): PublicSettings;
  saveSettings(draft: SettingsDraft): SaveSettingsResult;
  /** Tries the model endpoint described by the (possibly unsaved) form. */
  testModelConnection(draft: ModelConnectionDraft): ConnectionTestResult;
  /** Tries one search provider with the (possibly unsaved) form values. */
  testSearchConnection(draft: SearchConnectionDraft): ConnectionTestResult;
  getStatus(): ExtensionStatus;
  /** Starts a check owned by the background; progress and results are written to IndexedDB. */
  startCheck(request: StartCheckRequest): StartCheckResult;
  /** Stops a running check; what it found so far is kept. */
  cancelCheck(request: { checkId: string }): void;
  /** Checks the same text again with fresh evidence. */
  recheck(request: { checkId: string }): StartCheckResult;
  /** Deletes checks (cancelling any that run); `all` clears the history. */
  deleteChecks(request: { checkIds: string[] } | { all: true }): { deleted: number };
  /** Imports checks exported as JSON; existing ids are skipped. */
  importChecks(request: { json: string }): { imported: number; skipped: number } | { error: string };
  /** Resumes checks a stopped service worker left running (the side panel calls it when it opens). */
  resumeChecks(): { resumed: number };
}

export type BackgroundCommand = keyof BackgroundProtocol;

/** Who may send a command. Page scripts can never reach the background at all (no externally_connectable). */
export type Audience = 'extension-pages' | 'extension-pages-and-content-scripts';

export const COMMAND_AUDIENCE: Record<BackgroundCommand, Audience> = {
  getSettings: 'extension-pages',
  saveSettings: 'extension-pages',
  testModelConnection: 'extension-pages',
  testSearchConnection: 'extension-pages',
  getStatus: 'extension-pages-and-content-scripts',
  startCheck: 'extension-pages-and-content-scripts',
  cancelCheck: 'extension-pages',
  recheck: 'extension-pages',
  deleteChecks: 'extension-pages',
  importChecks: 'extension-pages',
  resumeChecks: 'extension-pages',
};

export const backgroundMessaging = defineExtensionMessaging<BackgroundProtocol>({ logger: undefined });

/** Sends a command to the background (from an extension page or a content script). */
export const sendToBackground = backgroundMessaging.sendMessage;
