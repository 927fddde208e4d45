// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { SidePanelApp } from '../../../../entrypoints/sidepanel/app';
import type { FactlightDb } from '../../../../lib/db/schema';
import { reportToPanel, requestPanelFocus } from '../../../../lib/messaging/panel-focus';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { buildCheckView, freshDb, seedView } from '../../support/check-fixtures';
import { fakeBackground, renderWithDb } from '../../support/panel-harness';

let db: FactlightDb;
beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/sidepanel.html');
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

const configured = (modelConfigured: boolean) => ({
  getStatus: () => ({ version: '0.1.0', modelConfigured }),
  resumeChecks: () => ({ resumed: 0 }),
});

describe('the side panel', () => {
  it('says a model is needed, with a button to the options page', async () => {
    fakeBackground(configured(false));
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    renderWithDb(<SidePanelApp />, db);
    expect(screen.getByTestId('status-loading')).toBeTruthy();
    const notice = await screen.findByTestId('setup-needed');
    expect(notice.textContent).toContain('No model in use: checks find sources to compare');
    fireEvent.click(screen.getByTestId('open-options'));
    expect(openOptions).toHaveBeenCalledOnce();
  });

  it('drives the notice from what checks run on: on-device gives verdicts, sources only says so and how to get verdicts', async () => {
    let status: ExtensionStatus = {
      version: '0.1.0',
      modelConfigured: false,
      engine: { kind: 'on-device', label: 'On this device (Chrome)' },
      onDevice: { availability: 'available', message: '' },
      wantsOnDevice: true,
    };
    fakeBackground({ ...configured(false), getStatus: () => status });
    renderWithDb(<SidePanelApp />, db);
    const ready = await screen.findByTestId('sidepanel-ready');
    // No model saved, yet checks run on the on-device model: no "sources only" notice.
    expect(ready.getAttribute('data-engine')).toBe('on-device');
    expect(ready.textContent).toMatch(/on-device model, with verdicts/);
    expect(screen.queryByTestId('setup-needed')).toBeNull();

    status = {
      ...status,
      engine: { kind: 'evidence-only', label: 'Sources only', reason: 'The on-device model must be downloaded first.' },
      onDevice: { availability: 'downloadable', message: 'The on-device model must be downloaded first.' },
    };
    window.dispatchEvent(new Event('focus'));
    const notice = await screen.findByTestId('setup-needed');
    expect(notice.textContent).toMatch(/No model in use: checks find sources to compare .*without verdicts/);
    expect(notice.textContent).toMatch(/or download the on-device model below\./);
    expect(screen.queryByTestId('sidepanel-ready')).toBeNull();

    // A model that is saved but not chosen (Settings say sources only): the engine wins over modelConfigured.
    status = {
      version: '0.1.0',
      modelConfigured: true,
      engine: { kind: 'evidence-only', label: 'Sources only', reason: 'You chose sources only in Settings.' },
      wantsOnDevice: false,
    };
    window.dispatchEvent(new Event('focus'));
    await waitFor(() =>
      expect(screen.getByTestId('setup-needed').textContent).not.toMatch(/download the on-device model/),
    );
    expect(screen.queryByTestId('sidepanel-ready')).toBeNull();
  });

  it('asks for the status again when settings change or the panel gets focus, so the set-up notice goes', async () => {
    let modelConfigured = false;
    const sent = fakeBackground({ ...configured(false), getStatus: () => ({ version: '0.1.0', modelConfigured }) });
    renderWithDb(<SidePanelApp />, db);
    await screen.findByTestId('setup-needed');
    modelConfigured = true;
    // Another extension area's change is not a settings change.
    await fakeBrowser.storage.session.set({ settings: 'not these' });
    await fakeBrowser.storage.local.set({ unrelated: 1 });
    expect(sent.filter((command) => command.type === 'getStatus')).toHaveLength(1);
    await fakeBrowser.storage.local.set({ settings: { saved: true } });
    await screen.findByTestId('sidepanel-ready');
    expect(screen.queryByTestId('setup-needed')).toBeNull();
    modelConfigured = false;
    window.dispatchEvent(new Event('focus'));
    await screen.findByTestId('setup-needed');
    expect(sent.filter((command) => command.type === 'getStatus')).toHaveLength(3);
  });

  it('says there are no checks yet, and resumes interrupted checks and ratings on opening', async () => {
    const sent = fakeBackground(configured(true));
    renderWithDb(<SidePanelApp />, db);
    await screen.findByTestId('sidepanel-ready');
    expect((await screen.findByTestId('no-checks')).textContent).toContain('No checks yet');
    expect(sent.map((command) => command.type).sort()).toEqual(['getStatus', 'resumeChecks', 'resumeRatings']);
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No checks yet');
  });

  it('opens the check named in ?check=', async () => {
    fakeBackground(configured(true));
    await seedView(db, buildCheckView({ id: 'chk-url' }));
    window.history.replaceState(null, '', '/sidepanel.html?check=chk-url');
    renderWithDb(<SidePanelApp />, db);
    expect(screen.getByTestId('check-loading')).toBeTruthy();
    expect((await screen.findByTestId('overall-score')).textContent).toContain('1 refuted · 1 disputed · 1 supported');
  });

  it('opens a check from History and keeps it in the URL', async () => {
    fakeBackground(configured(true));
    await seedView(db, buildCheckView({ id: 'chk-h' }));
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderWithDb(<SidePanelApp />, db);
    await screen.findByTestId('no-current-check');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    fireEvent.click(await screen.findByTestId('history-item'));
    await screen.findByTestId('check-result');
    expect(screen.getByRole('tab', { name: 'Check' }).getAttribute('aria-selected')).toBe('true');
    expect(new URLSearchParams(window.location.search).get('check')).toBe('chk-h');
  });

  it('shows the claim "Open in side panel" asks for, on opening and again while open', async () => {
    fakeBackground(configured(true));
    await seedView(db, buildCheckView({ id: 'chk-f' }));
    await requestPanelFocus('chk-f', 'c1-0');
    renderWithDb(<SidePanelApp />, db);
    await waitFor(() =>
      expect(screen.getByTestId('claim-card').textContent).toContain('Marie Curie won two Nobel Prizes.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close claim' }));
    expect(screen.queryByTestId('claim-card')).toBeNull();
    // The same claim asked for again, with the panel open, shows again.
    await requestPanelFocus('chk-f', 'c1-0', Date.now() + 1);
    await waitFor(() =>
      expect(screen.getByTestId('claim-card').textContent).toContain('Marie Curie won two Nobel Prizes.'),
    );
    await requestPanelFocus('chk-f', 'c3-0', Date.now() + 2);
    await waitFor(() => expect(screen.getByTestId('claim-card').textContent).toContain('Mount Everest'));
  });

  it('says why a check from the page did not start, on the Check tab, until a check opens', async () => {
    fakeBackground(configured(true));
    await seedView(db, buildCheckView({ id: 'chk-p' }));
    renderWithDb(<SidePanelApp />, db);
    fireEvent.click(screen.getByTestId('tab-history'));
    await reportToPanel('The check did not start: Select some text on the page first.');
    const problem = await screen.findByTestId('page-check-problem');
    expect(problem.textContent).toBe('The check did not start: Select some text on the page first.');
    expect(problem.getAttribute('role')).toBe('alert');
    // Shown where people look: the Check tab, brought forward.
    expect(screen.getByTestId('tab-check').getAttribute('aria-selected')).toBe('true');
    await requestPanelFocus('chk-p', 'c1-0', Date.now() + 1);
    await waitFor(() => expect(screen.getByTestId('claim-card').textContent).toContain('Marie Curie'));
    expect(screen.queryByTestId('page-check-problem')).toBeNull();
  });

  it('still shows history when the background does not answer', async () => {
    renderWithDb(<SidePanelApp />, db);
    expect((await screen.findByTestId('status-error')).textContent).toContain('did not answer');
    await waitFor(() => expect(screen.getByTestId('no-checks')).toBeTruthy());
  });
});
