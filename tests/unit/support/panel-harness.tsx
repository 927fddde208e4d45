import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { DbContext } from '../../../components/sidepanel/db-context';
import type { FactlightDb } from '../../../lib/db/schema';
import type { BackgroundCommand } from '../../../lib/messaging/protocol';

/** Renders side panel components against a test database. */
export function renderWithDb(ui: ReactNode, db: FactlightDb): RenderResult {
  return render(<DbContext value={db}>{ui}</DbContext>);
}

export interface SentCommand {
  type: string;
  data: unknown;
}

/**
 * A stand-in background on the fake browser's runtime: records every command the UI sends (as it
 * travels on the wire) and answers with the given functions. Call `fakeBrowser.reset()` after each test.
 */
export function fakeBackground(
  answers: Partial<Record<BackgroundCommand, (data: unknown) => unknown>> = {},
): SentCommand[] {
  const sent: SentCommand[] = [];
  // Chrome's callback protocol, which @webext-core/messaging uses: answer through sendResponse, return true.
  fakeBrowser.runtime.onMessage.addListener(
    (message: unknown, _sender: unknown, sendResponse: (response: unknown) => void) => {
      const { type, data } = message as SentCommand;
      sent.push({ type, data });
      const answer = answers[type as BackgroundCommand];
      void Promise.resolve(answer ? answer(data) : undefined).then((res) => sendResponse({ res }));
      return true;
    },
  );
  return sent;
}

/** The commands sent, without the status/resume pings every panel sends when it opens. */
export function commands(sent: readonly SentCommand[]): SentCommand[] {
  return sent.filter(
    (command) => command.type !== 'getStatus' && command.type !== 'resumeChecks' && command.type !== 'resumeRatings',
  );
}
