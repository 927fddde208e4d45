// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { HISTORY_ROW_HEIGHT } from '../../../../../components/sidepanel/history/history-list';
import { HistoryView } from '../../../../../components/sidepanel/history/history-view';
import { exportChecksJson } from '../../../../../lib/db/export-import';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import type { ImportChecksResult } from '../../../../../lib/messaging/protocol';
import { defaultTranslator } from '../../../../../scripts/lib/node-messages';
import { shippedCatalogue } from '../../../support/catalogue-keys';
import { buildCheckView, buildSummary, freshDb, seedView } from '../../../support/check-fixtures';
import { commands, fakeBackground, renderWithDb } from '../../../support/panel-harness';

/** The export's headline words: the English catalogue's, as the side panel loads them. */
const ENGLISH = defaultTranslator();

let db: FactlightDb;
beforeEach(() => {
  db = freshDb();
  // happy-dom lays nothing out; give the scroll box a real side panel's height so the virtual list
  // has a window to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(async () => {
  cleanup();
  setMessageSource(browserSource());
  vi.unstubAllGlobals();
  fakeBrowser.reset();
  await db.delete();
});

const seed = (count: number) => db.checks.bulkAdd(Array.from({ length: count }, (_, i) => buildSummary(i)));
const ids = () => screen.queryAllByTestId('history-item').map((item) => item.getAttribute('data-check-id'));
const search = (text: string) => fireEvent.change(screen.getByTestId('history-search'), { target: { value: text } });

function show(onOpen: (id: string) => void = () => undefined) {
  return renderWithDb(<HistoryView onOpen={onOpen} />, db);
}

describe('the history list', () => {
  it("gives the search box the direction of what is typed in it (dir=auto), the checked texts' words", () => {
    show();
    expect(screen.getByTestId('history-search').getAttribute('dir')).toBe('auto');
  });

  it('lists checks newest first with text, site, date, band and status', async () => {
    await seed(50);
    show();
    await waitFor(() => expect(ids()[0]).toBe('h-00049'));
    expect(ids().slice(0, 3)).toEqual(['h-00049', 'h-00048', 'h-00047']);
    expect(screen.getByTestId('history-count').textContent).toBe('50 checks');
    const first = screen.getAllByTestId('history-item')[0]!;
    expect(first.textContent).toContain('Check 49 about the ancient pyramid');
    expect(first.textContent).toContain('gov.example.gov');
    expect(first.textContent).toContain('Done');
    // The headline's counts, not an average: "1 disputed", coloured by it.
    expect(within(first).getByTestId('history-headline').textContent).toBe('~ 1 disputed');
    expect(within(first).getByTestId('history-headline').getAttribute('data-band')).toBe('orange');
    expect(first.textContent).not.toContain('90%');
  });

  it('finds checks by a word prefix, by site, and only when every word matches', async () => {
    await seed(50);
    show();
    await waitFor(() => expect(ids()).not.toEqual([]));
    search('volc');
    await waitFor(() => expect(ids()).toEqual(['h-00040', 'h-00030', 'h-00020', 'h-00010', 'h-00000']));
    expect(screen.getByTestId('history-count').textContent).toBe('5 matching checks');
    search('blog.example.net');
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('10 matching checks'));
    await waitFor(() => expect(ids()[0]).toBe('h-00046'));
    search('Moon BLOG');
    await waitFor(() => expect(ids()).toEqual(['h-00041', 'h-00031', 'h-00021', 'h-00011', 'h-00001']));
    search('moon news');
    expect((await screen.findByTestId('history-no-match')).textContent).toContain('No check matches every word');
    search('');
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('50 checks'));
  });

  it('renders only a window of 10,000 checks, and follows the scroll', async () => {
    await seed(10_000);
    show();
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('10,000 checks'));
    await waitFor(() => expect(ids()[0]).toBe('h-09999'));
    expect(screen.getAllByTestId('history-item').length).toBeLessThan(30);
    const list = screen.getByTestId('history-list');
    list.scrollTop = HISTORY_ROW_HEIGHT * 5000;
    fireEvent.scroll(list);
    await waitFor(() => expect(ids()).toContain('h-04999'));
    expect(screen.getAllByTestId('history-item').length).toBeLessThan(30);
  }, 60_000);
});

describe('history actions', () => {
  it('opens, re-checks and deletes a check', async () => {
    const sent = fakeBackground({
      recheck: () => ({ ok: true, checkId: 'again-1' }),
      deleteChecks: () => ({ deleted: 1 }),
    });
    await seed(3);
    const onOpen = vi.fn();
    show(onOpen);
    const first = await screen.findByText(/Check 2 about/);
    fireEvent.click(first);
    expect(onOpen).toHaveBeenLastCalledWith('h-00002');
    fireEvent.click(screen.getAllByTestId('history-recheck')[0]!);
    await waitFor(() => expect(onOpen).toHaveBeenLastCalledWith('again-1'));
    fireEvent.click(screen.getAllByTestId('history-delete')[1]!);
    await waitFor(() =>
      expect(commands(sent)).toEqual([
        { type: 'recheck', data: { checkId: 'h-00002' } },
        { type: 'deleteChecks', data: { checkIds: ['h-00001'] } },
      ]),
    );
  });

  it('deletes all only after confirmation', async () => {
    const sent = fakeBackground({ deleteChecks: () => ({ deleted: 3 }) });
    await seed(3);
    show();
    await screen.findAllByTestId('history-item');
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const button = screen.getByRole('button', { name: /delete all/i });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Delete all 3 checks? This cannot be undone.');
    expect(commands(sent)).toEqual([]);
    fireEvent.click(button);
    expect((await screen.findByTestId('delete-all-result')).textContent).toBe('Deleted 3 checks.');
    expect(commands(sent)).toEqual([{ type: 'deleteChecks', data: { all: true } }]);
  });

  it('counts every check for "Delete all", whatever the search shows', async () => {
    await seed(50);
    show();
    await screen.findAllByTestId('history-item');
    search('volc');
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('5 matching checks'));
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValue(false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: /delete all/i }));
    expect(confirm).toHaveBeenCalledWith('Delete all 50 checks? This cannot be undone.');
  });

  it('imports a JSON file through the background and reports the counts or the error', async () => {
    let answer: ImportChecksResult = { ok: true, imported: 2, skipped: 1 };
    const sent = fakeBackground({ importChecks: () => answer });
    const exported = exportChecksJson([buildCheckView({ id: 'chk-a' })], ENGLISH);
    show();
    const input = await screen.findByTestId('import-json');
    const file = new File([exported], 'checks.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByTestId('import-result')).textContent).toBe(
      'Imported 2 checks, skipped 1 already in history.',
    );
    const [command] = commands(sent) as Array<{ type: string; data: { json: string } }>;
    expect(command?.type).toBe('importChecks');
    expect(JSON.parse(command!.data.json)).toEqual(JSON.parse(exported));
    answer = { ok: false, error: 'This is not a Factlight export.' };
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toBe('Not imported: This is not a Factlight export.'),
    );
    // A damaged file is refused here: nothing is sent.
    const damaged = new File(['{"format":"factlight-checks"}'], 'checks.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [damaged] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toMatch(/^Not imported: Unsupported export version/),
    );
    expect(commands(sent)).toHaveLength(2);
  });

  it("words the background's refusal of a part in the interface language; a refusal without a code in English", async () => {
    const spanish = shippedCatalogue('es') as Catalogue;
    setMessageSource(catalogueSource('es', spanish));
    let answer: ImportChecksResult = {
      ok: false,
      error: 'This is not a Factlight export: "format" must be "factlight-checks".',
      problem: { code: 'not-an-export', format: 'factlight-checks' },
    };
    fakeBackground({ importChecks: () => answer });
    const exported = exportChecksJson([buildCheckView({ id: 'chk-a' })], ENGLISH);
    show();
    const input = await screen.findByTestId('import-json');
    const file = new File([exported], 'checks.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    const words = spanish.importNotAnExport!.message.replace('$FORMAT$', 'factlight-checks');
    const refused = spanish.importNotImported!.message.replace('$ERROR$', words);
    expect((await screen.findByTestId('import-result')).textContent).toBe(refused);
    answer = { ok: false, error: 'The database refused the rows.' };
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toBe(
        spanish.importNotImported!.message.replace('$ERROR$', 'The database refused the rows.'),
      ),
    );
  });

  it('exports one check or all of them as JSON and Markdown downloads', async () => {
    await seedView(db, buildCheckView({ id: 'chk-a', createdAt: 1_000 }));
    await seedView(db, buildCheckView({ id: 'chk-b', createdAt: 2_000 }));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show();
    const rows = await screen.findAllByTestId('history-item');
    expect(rows).toHaveLength(2);
    const all = (kind: string) =>
      document.querySelector(`[data-testid="export-${kind}"][data-scope="all"]`) as HTMLElement;
    fireEvent.click(all('json'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const file = JSON.parse(await blobs[0]!.text()) as { format: string; checks: Array<{ check: { id: string } }> };
    expect(file.format).toBe('factlight-checks');
    expect(file.checks.map((entry) => entry.check.id)).toEqual(['chk-b', 'chk-a']);
    expect(names[0]).toMatch(/^factlight-checks-\d{4}-\d{2}-\d{2}\.json$/);

    const row = rows[1]!.parentElement!;
    fireEvent.click(within(row).getByTestId('export-markdown'));
    await waitFor(() => expect(blobs).toHaveLength(2));
    expect(await blobs[1]!.text()).toContain('# Factlight check');
    expect(names[1]).toBe('factlight-check-chk-a.md');
  });
});
