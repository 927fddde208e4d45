/**
 * The toolbar button's badge shows the state of the latest check made in the current tab (the browser
 * keeps a badge per tab, so switching tabs switches badges), agreeing with the check's headline
 * (lib/core/score/headline.ts): a grey "…" while it runs; the number of wrong (refuted or disputed) claims,
 * red when one is refuted and orange when they are only disputed; "!" when the check failed (nothing could
 * be judged, or an evidence-only check's every search failed); nothing when there is no check or it found
 * nothing wrong ("could not check" is never counted as wrong). An evidence-only check judges nothing, so it
 * never shows a count. Driven by the persisted check (the run manager's change notices), so it is right
 * again after the worker restarts and resumes a check.
 */
import { browser } from 'wxt/browser';

import { checkHeadline, type VerdictCounts } from '../core/score/headline';
import type { CheckRecord } from '../db/entities';
import type { FactlightDb } from '../db/schema';
import { t } from '../i18n/i18n';
import { countsOfClaims } from '../view/check-headline';
import { interfaceLanguageReady } from './interface-language';

export const BADGE_RUNNING = '…';
export const BADGE_FAILED = '!';
export const BADGE_WRONG_COLOR = '#c5221f';
export const BADGE_DISPUTED_COLOR = '#b35c00';
export const BADGE_RUNNING_COLOR = '#5f6368';
export const BADGE_FAILED_COLOR = '#5f6368';

export interface BadgeLook {
  text: string;
  color?: string;
  /** The tooltip (see badgeTitle); absent in `badgeFor`'s look, which is only the badge. */
  title?: string;
}

/** What the badge shows for a check (undefined: none) whose claims have `counts`, every source counted. */
export function badgeFor(
  check: Pick<CheckRecord, 'status' | 'stopped' | 'evidenceOnly'> | undefined,
  counts: VerdictCounts,
): BadgeLook {
  if (!check) return { text: '' };
  const headline = checkHeadline({
    status: check.status,
    stopped: check.stopped,
    evidenceOnly: check.evidenceOnly,
    summary: { counts: check.evidenceOnly ? {} : counts, average: null, averagedOver: 0 },
  });
  if (headline.state === 'running') return { text: BADGE_RUNNING, color: BADGE_RUNNING_COLOR };
  if (headline.state === 'failed') return { text: BADGE_FAILED, color: BADGE_FAILED_COLOR };
  if (headline.state !== 'judged' || (headline.worst !== 'refuted' && headline.worst !== 'disputed'))
    return { text: '' };
  const wrong = (counts.refuted ?? 0) + (counts.disputed ?? 0);
  return {
    text: wrong > 99 ? '99+' : String(wrong),
    color: headline.worst === 'refuted' ? BADGE_WRONG_COLOR : BADGE_DISPUTED_COLOR,
  };
}

/**
 * The toolbar button's tooltip for the same state, in the interface language: what the badge's mark or
 * number means, else the button's own title (set per tab too, so it follows a chosen interface language).
 */
export function badgeTitle(look: BadgeLook, wrongClaims: number): string {
  if (look.text === BADGE_RUNNING) return t('badgeTitleRunning');
  if (look.text === BADGE_FAILED) return t('badgeTitleFailed');
  if (look.text) return t('badgeTitleWrong', { count: wrongClaims });
  return t('actionTitle');
}

interface ActionApi {
  setTitle?(details: { tabId: number; title: string }): Promise<void>;
  setBadgeText(details: { tabId: number; text: string }): Promise<void>;
  getBadgeText(details: { tabId: number }): Promise<string>;
  setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void>;
  setBadgeTextColor?(details: { tabId: number; color: string }): Promise<void>;
}

/** `action` in MV3 (Chrome), `browserAction` in MV2 (the Firefox build). */
function actionApi(): ActionApi | undefined {
  const api = browser as unknown as { action?: ActionApi; browserAction?: ActionApi };
  return api.action ?? api.browserAction;
}

export function createToolbarBadge(db: FactlightDb, clock: { now(): number } = { now: () => Date.now() }) {
  /** When each tab last started loading a new page: checks made before it belong to a page no longer shown. */
  const navigatedAt = new Map<number, number>();
  /** Per check, the update in flight and whether another was asked for meanwhile (the last state always lands). */
  const inFlight = new Map<string, { again: boolean }>();

  async function paint(tabId: number, look: BadgeLook): Promise<void> {
    const action = actionApi();
    if (!action) return;
    try {
      if (look.color) {
        await action.setBadgeBackgroundColor({ tabId, color: look.color });
        await action.setBadgeTextColor?.({ tabId, color: '#ffffff' });
      }
      await action.setBadgeText({ tabId, text: look.text });
      if (look.title !== undefined) await action.setTitle?.({ tabId, title: look.title });
    } catch {
      // The tab was closed meanwhile: nothing to show.
    }
  }

  async function lookOf(check: CheckRecord): Promise<BadgeLook> {
    const running = check.status === 'running' || check.status === 'queued';
    const counts =
      running || check.evidenceOnly ? {} : countsOfClaims(await db.claims.where('checkId').equals(check.id).toArray());
    const look = badgeFor(check, counts);
    await interfaceLanguageReady();
    return { ...look, title: badgeTitle(look, (counts.refuted ?? 0) + (counts.disputed ?? 0)) };
  }

  /** Whether the check still speaks for its tab: no newer check there, and the tab has not moved to another page. */
  async function ownsBadge(check: CheckRecord & { tabId: number }): Promise<boolean> {
    if (check.createdAt < (navigatedAt.get(check.tabId) ?? -Infinity)) return false;
    const newer = await db.checks
      .where('createdAt')
      .above(check.createdAt)
      .filter((other) => other.tabId === check.tabId)
      .count();
    return newer === 0;
  }

  async function update(checkId: string): Promise<void> {
    const check = await db.checks.get(checkId);
    if (check?.tabId === undefined) return;
    const owned = check as CheckRecord & { tabId: number };
    if (!(await ownsBadge(owned))) return;
    await paint(owned.tabId, await lookOf(owned));
  }

  /** The latest check of each of `tabIds` (newest first, one pass over the summaries). */
  async function latestChecksOf(tabIds: Set<number>): Promise<Map<number, CheckRecord>> {
    const latest = new Map<number, CheckRecord>();
    await db.checks
      .orderBy('createdAt')
      .reverse()
      .until(() => latest.size === tabIds.size)
      .each((check) => {
        if (check.tabId !== undefined && tabIds.has(check.tabId) && !latest.has(check.tabId))
          latest.set(check.tabId, check);
      });
    return latest;
  }

  return {
    /** A check was created or one of its steps was persisted. Cheap while running (one summary row read). */
    changed(checkId: string): Promise<void> {
      const running = inFlight.get(checkId);
      if (running) {
        running.again = true;
        return Promise.resolve();
      }
      const state = { again: false };
      inFlight.set(checkId, state);
      const loop = async () => {
        try {
          do {
            state.again = false;
            await update(checkId);
          } while (state.again);
        } finally {
          inFlight.delete(checkId);
        }
      };
      // A badge that cannot be read from the database (closed) just stays as it is; no page to say it in.
      return loop().catch((error: unknown) => console.warn('[factlight] badge not updated', error));
    },

    /** Checks were deleted: tabs whose badge showed one of them show their latest remaining check, or nothing. */
    async deleted(): Promise<void> {
      const action = actionApi();
      if (!action) return;
      const tabs = await browser.tabs.query({});
      const shown = new Set<number>();
      for (const tab of tabs) {
        if (tab.id === undefined) continue;
        // A tab closed since the query has no badge to repaint.
        const text = await action.getBadgeText({ tabId: tab.id }).catch(() => '');
        if (text) shown.add(tab.id);
      }
      if (shown.size === 0) return;
      const latest = await latestChecksOf(shown);
      await interfaceLanguageReady();
      for (const tabId of shown) {
        const check = latest.get(tabId);
        const current = check && check.createdAt >= (navigatedAt.get(tabId) ?? -Infinity);
        await paint(tabId, current ? await lookOf(check) : { text: '', title: badgeTitle({ text: '' }, 0) });
      }
    },

    /** The tab started loading another page (the browser clears the tab's badge itself). */
    navigated(tabId: number): void {
      navigatedAt.set(tabId, clock.now());
    },

    /** The tab was closed. */
    forgetTab(tabId: number): void {
      navigatedAt.delete(tabId);
    },
  };
}

export type ToolbarBadge = ReturnType<typeof createToolbarBadge>;
