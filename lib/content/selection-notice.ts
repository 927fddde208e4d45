/**
 * What the page shows at a selection after the "Fact-check" button was pressed, in a shadow root of ours,
 * as text: a progress mark at once ("Checking…", kept until the first highlight is drawn or the check
 * ends), or a small card saying why the check did not start, with what can be done about it (check the
 * first part of a text that is too long; set Factlight up). One at a time per page: each replaces the
 * other. The script on every page and the highlighter both use it (the highlighter clears the mark), so
 * it stays small and finds its hosts by their `data-factlight` name.
 */
import { contentWord, contentWordsDirection, contentWordsLocale } from '../i18n/content-words';
import type { MessageKey } from '../i18n/keys';
import { clickCounts, MIN_SHOWN_MS } from './click-guard';
import { createShadowHost } from './shadow-host';

/** The messages of the mark and the notice's ✕, in the interface language (content-words.ts). */
export const SELECTION_NOTICE_MESSAGES: readonly MessageKey[] = ['progressChecking', 'inPageClose'];

/** `data-factlight` of the progress mark's host and of the notice card's host. */
export const PROGRESS_HOST = 'progress';
export const NOTICE_HOST = 'notice';

const CSS = `.box { font: 13px/1.4 system-ui, sans-serif; color: #1d2330; background: #fff; border: 1px solid #c9ced8;
  border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.18); padding: 6px 10px; max-width: 320px; }
.progress { display: inline-flex; gap: 6px; align-items: center; font-weight: 600; }
.progress::before { content: ""; width: 10px; height: 10px; border: 2px solid #2457c5;
  border-inline-end-color: transparent; border-radius: 50%; animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .progress::before { animation: none; } }
p { margin: 0; margin-inline-end: 22px; }
button[aria-disabled] { opacity: .7; cursor: default; }
button { font: inherit; margin: 6px 0 0; margin-inline-end: 6px; border: 1px solid #c9ced8; background: #f4f6fa;
  color: inherit; border-radius: 6px; padding: 3px 8px; cursor: pointer; }
.close { position: absolute; top: 4px; inset-inline-end: 4px; margin: 0; border: 0; background: none; padding: 2px 6px; }
@media (prefers-color-scheme: dark) { .box { color: #e6e9ef; background: #1d212a; border-color: #3a4150; }
  button { background: #2a303c; border-color: #3a4150; } }`;

/** A place in document coordinates. */
export interface Place {
  left: number;
  top: number;
}

/** A button of the notice; `run` gets only clicks that count (click-guard.ts). */
export interface NoticeAction {
  label: string;
  testId: string;
  run: () => void;
}

const selectorOf = (name: string) => `factlight-ui[data-factlight="${name}"]`;

/** Removes the progress mark and the notice; answers where the one found was, so a successor can go there. */
export function clearAtSelection(doc: Document, names = [PROGRESS_HOST, NOTICE_HOST]): Place | undefined {
  let place: Place | undefined;
  for (const name of names) {
    for (const host of doc.querySelectorAll<HTMLElement>(selectorOf(name))) {
      place ??= { left: Number.parseFloat(host.style.left) || 0, top: Number.parseFloat(host.style.top) || 0 };
      host.remove();
    }
  }
  return place;
}

function hostAt(doc: Document, name: string, place: Place): { host: HTMLElement; box: HTMLElement } {
  clearAtSelection(doc);
  const { host, root } = createShadowHost(doc, name, CSS);
  host.style.left = `${place.left}px`;
  host.style.top = `${place.top}px`;
  const box = doc.createElement('div');
  box.className = 'box';
  box.lang = contentWordsLocale();
  box.dir = contentWordsDirection();
  root.append(box);
  return { host, box };
}

/** Shows "Checking…" (in the interface language) at `place` (replacing a notice), said politely to screen readers. */
export function showProgress(doc: Document, place: Place): void {
  const { box } = hostAt(doc, PROGRESS_HOST, place);
  box.classList.add('progress');
  box.setAttribute('role', 'status');
  box.setAttribute('data-testid', 'factlight-progress');
  box.textContent = contentWord('progressChecking');
}

/**
 * Shows `text` at `place` with its actions and a ✕, as an alert; Escape (while focus is in it) or ✕ closes
 * it. `focus`: move focus into it (the press came from the keyboard, and the button it replaces is gone).
 */
export function showNotice(
  doc: Document,
  place: Place,
  text: string,
  actions: readonly NoticeAction[] = [],
  focus = false,
  now: () => number = () => performance.now(),
): HTMLElement {
  const { host, box } = hostAt(doc, NOTICE_HOST, place);
  const shownAt = now();
  box.setAttribute('role', 'alert');
  box.setAttribute('data-testid', 'factlight-notice');
  box.tabIndex = -1;
  box.style.position = 'relative';
  const message = doc.createElement('p');
  message.textContent = text;
  box.append(message);
  // `guarded`: the click must count as click-guard.ts says (an action that starts a check); closing needs
  // only a click the browser made.
  const button = (label: string, run: () => void, guarded: boolean): HTMLButtonElement => {
    const made = doc.createElement('button');
    made.type = 'button';
    made.textContent = label;
    // Keep the page's selection, which the offer checks.
    made.addEventListener('mousedown', (event) => event.preventDefault());
    made.addEventListener('click', (event) => {
      if (guarded ? clickCounts(event, made, shownAt, now()) : event.isTrusted) run();
    });
    if (guarded) {
      // As the floating button: disabled until a click on it can count.
      made.setAttribute('aria-disabled', 'true');
      setTimeout(() => made.removeAttribute('aria-disabled'), MIN_SHOWN_MS);
    }
    box.append(made);
    return made;
  };
  for (const action of actions) button(action.label, action.run, true).setAttribute('data-testid', action.testId);
  const close = button('✕', () => host.remove(), false);
  close.className = 'close';
  close.setAttribute('aria-label', contentWord('inPageClose'));
  close.setAttribute('data-testid', 'factlight-notice-close');
  box.addEventListener('keydown', (event) => {
    if (event.isTrusted && event.key === 'Escape') host.remove();
  });
  // Kept inside the viewport's bottom edge, where a button placed at the edge of a long selection puts it.
  const view = doc.defaultView;
  const overflow = view ? host.getBoundingClientRect().bottom - (view.innerHeight - 4) : 0;
  if (overflow > 0) host.style.top = `${Math.max(0, place.top - overflow)}px`;
  if (focus) box.focus({ preventScroll: true });
  return host;
}
