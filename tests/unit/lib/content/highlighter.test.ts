// @vitest-environment happy-dom
/**
 * The highlighter asks the background for its words in a chosen interface language, only the keys it names
 * (HIGHLIGHTER_MESSAGES): a message its modules show but do not name would come out as its bare key in that
 * language. So every catalogue key written in those modules must be in the list. And it words nothing before
 * they have arrived: the background's first drawing follows its injection at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { describeRange } from '../../../../lib/anchoring/describe';
import { HIGHLIGHTER_MESSAGES, installHighlighter } from '../../../../lib/content/highlighter';
import { NOTICE_HOST, showProgress } from '../../../../lib/content/selection-notice';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { backgroundMessaging, pageMessaging } from '../../../../lib/messaging/protocol';
import { catalogueKeysIn, shippedCatalogue } from '../../support/catalogue-keys';
import { installHighlightPolyfill } from '../highlight/highlight-polyfill';

afterEach(() => {
  setMessageSource(browserSource());
  pageMessaging.removeAllListeners();
  backgroundMessaging.removeAllListeners();
  fakeBrowser.reset();
});

/**
 * The chosen language, still on its way: `ready` is what the highlighter awaits (`await` calls its then, which
 * says it `waited`); `arrive` settles it.
 */
function pendingLanguage(): { ready: Promise<void>; arrive: () => void; readonly waited: boolean } {
  let arrive!: () => void;
  const language = new Promise<void>((resolve) => (arrive = resolve));
  let waited = false;
  const ready = {
    then: (...handlers: Parameters<Promise<void>['then']>) => ((waited = true), language.then(...handlers)),
  };
  return {
    ready: ready as Promise<void>,
    arrive,
    get waited() {
      return waited;
    },
  };
}

describe('the highlighter’s words', () => {
  it('names every message its modules show, so a chosen language has them all', () => {
    const modules = [
      'highlighter',
      'page-card',
      'highlight-keys',
      'link-marks',
      'selection-notice',
      'start-selection-check',
    ];
    const used = modules.flatMap((name) => catalogueKeysIn(`lib/content/${name}.ts`));
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((key) => !HIGHLIGHTER_MESSAGES.includes(key as never))).toEqual([]);
  });

  it('waits for the chosen language before it answers a drawing in words', async () => {
    const language = pendingLanguage();
    installHighlighter(document, language.ready);
    let answered = false;
    // A drawing for another page: refused, in words (the background logs them).
    const answer = pageMessaging
      .sendMessage('drawCheck', {
        checkId: 'c',
        pageUrl: 'https://elsewhere.example/',
        text: 'x',
        capture: { quote: { type: 'TextQuoteSelector', exact: 'x' } },
        spans: [],
        finished: true,
      } as never)
      .then(
        () => 'drawn',
        (error: Error) => error.message,
      )
      .finally(() => (answered = true));
    // The drawing has arrived: it either waits for the language or has answered already (in English).
    await vi.waitFor(() => expect(language.waited || answered).toBe(true));
    // The Arabic words arrive after the drawing did (the background's answer to getInterfaceCatalogue).
    const ar = shippedCatalogue('ar');
    setMessageSource(catalogueSource('ar', ar as never));
    language.arrive();
    expect(await answer).toBe(ar.highlighterNotThisPage!.message);
  });

  it('clears behind the same wait as a drawing, so a clear sent after a drawing runs after it', async () => {
    const language = pendingLanguage();
    installHighlighter(document, language.ready);
    let cleared = false;
    const answer = pageMessaging.sendMessage('clearHighlights', undefined).then(() => (cleared = true));
    await vi.waitFor(() => expect(language.waited || cleared).toBe(true));
    expect(cleared).toBe(false);
    language.arrive();
    await answer;
    expect(cleared).toBe(true);
  });
});

describe('a check that drew nothing, in a right-to-left interface', () => {
  it('says its failure at the selection with the English reason isolated', async () => {
    // The CSS Custom Highlight API, which happy-dom lacks: a registry and a Highlight set, as browsers have.
    vi.stubGlobal('Highlight', class extends Set<Range> {});
    vi.stubGlobal('CSS', { ...globalThis.CSS, highlights: new Map() });
    try {
      setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as never, shippedCatalogue('en') as never));
      showProgress(document, { left: 10, top: 10 });
      installHighlighter(document);
      await pageMessaging.sendMessage('drawCheck', {
        checkId: 'c',
        pageUrl: document.location.href,
        text: 'x',
        capture: {
          quote: { type: 'TextQuoteSelector', exact: 'x' },
          position: { type: 'TextPositionSelector', start: 0, end: 1 },
        },
        spans: [],
        finished: true,
        failure: 'Could not reach the model.',
      } as never);
      const notice = document.querySelector(`factlight-ui[data-factlight="${NOTICE_HOST}"]`)!.shadowRoot!;
      expect(notice.textContent).toContain('\u2068Could not reach the model.\u2069');
    } finally {
      vi.unstubAllGlobals();
      document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
    }
  });
});

describe('a finished check drawn while its reply was out of the page', () => {
  const LINK = 'https://source.example/eiffel';
  const MARKS = 'factlight-ui[data-factlight="link-marks"]';

  it('draws it once the reply is back and tells the background that the page shows it now', async () => {
    const { registry, uninstall } = installHighlightPolyfill();
    try {
      const text = 'The Eiffel Tower is 330 metres tall.';
      // Its source, cited as a link on its last words.
      const replyOf = () => {
        const made = Object.assign(document.createElement('div'), { textContent: 'The Eiffel Tower is 330 ' });
        made.append(Object.assign(document.createElement('a'), { href: LINK, textContent: 'metres tall' }), '.');
        return made;
      };
      const reply = replyOf();
      document.body.replaceChildren(reply);
      const range = document.createRange();
      range.selectNodeContents(reply);
      const placed: unknown[] = [];
      backgroundMessaging.onMessage('pagePlaced', ({ data }) => void placed.push(data));
      // A check started at a selection shows its progress mark there.
      showProgress(document, { left: 10, top: 10 });
      installHighlighter(document);
      // The list scrolled the reply away just before the finished drawing came.
      const capture = describeRange(document.body, range);
      reply.remove();
      const span = { start: 20, end: 35, quote: 'metres tall', band: 'green', verdict: 'Supported', explanation: '' };
      const answer = await pageMessaging.sendMessage('drawCheck', {
        checkId: 'c',
        pageUrl: document.location.href,
        text,
        capture: capture!,
        spans: [{ claimId: 'c0-0', ...span }],
        links: [{ url: LINK, status: 'ok', support: 'supports', label: 'Supports the text' }],
        finished: true,
      } as never);
      expect(answer).toEqual({ notFound: ['c0-0'] });
      expect(registry.get('factlight-green')?.size ?? 0).toBe(0);
      const notice = `factlight-ui[data-factlight="${NOTICE_HOST}"]`;
      expect(document.querySelector(notice)?.shadowRoot?.textContent).toContain('nothing to highlight');

      expect(document.querySelector(MARKS)).toBeNull();

      // It comes back (a new node with the same words): drawn there, its link marked, and said to the background.
      document.body.append(replyOf());
      await vi.waitFor(() => expect(placed).toEqual([{ checkId: 'c', notFound: [], total: 1 }]));
      expect([...registry.get('factlight-green')!].map(String)).toEqual(['330 metres tall']);
      expect(
        document.querySelector(MARKS)?.shadowRoot?.querySelectorAll('[data-testid="factlight-link-mark"]'),
      ).toHaveLength(1);
      // "Nothing could be highlighted" is no longer true.
      expect(document.querySelector(notice)).toBeNull();
    } finally {
      uninstall();
      document.body.replaceChildren();
      document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
    }
  });
});
