import { useLiveQuery } from 'dexie-react-hooks';
import { browser } from 'wxt/browser';
import { EngineStatus } from '../engine/engine-status';
import type { ExtensionStatus } from '../../lib/messaging/protocol';
import { CheckBox } from './check-box';
import { CheckPageButton } from './check-page-button';
import { CurrentCheck } from './current-check';
import { useDb } from './db-context';
import { SetupNotice } from './setup-notice';

/** A request to show one claim of a check; `seq` makes a repeated request for the same claim count. */
export interface ClaimFocus {
  checkId: string;
  claimId: string;
  seq: number;
}

/** The Check tab: set-up notice when no model is chosen, the check box, "Fact-check this page", and the current check. */
export function CheckTab(props: { status: ExtensionStatus | undefined; checkId: string | undefined; claimFocus?: ClaimFocus | undefined; onOpenCheck: (checkId: string) => void }) {
  const { status, checkId, claimFocus, onOpenCheck } = props;
  return (
    <>
      {status?.modelConfigured === false ? (
        <SetupNotice
          testId="setup-needed"
          message="No model is set up yet: checks find sources to compare for each sentence, without verdicts. For verdicts, choose a model in Settings (any OpenAI-compatible endpoint, or a local Ollama)."
          buttonTestId="open-options"
        />
      ) : null}
      {status?.modelConfigured ? (
        <p className="hint" data-testid="sidepanel-ready">Select text on a page, or paste text below, to fact-check it.</p>
      ) : null}
      <EngineStatus pageStatus={{ status }} switchHint="To switch: Settings → Checking → Checks run on." onOpenSettings={() => void browser.runtime.openOptionsPage()} />
      <CheckBox onStarted={onOpenCheck} />
      <CheckPageButton onStarted={onOpenCheck} />
      {checkId ? <CurrentCheck checkId={checkId} claimFocus={claimFocus} onOpenCheck={onOpenCheck} /> : <NoCurrentCheck onOpenCheck={onOpenCheck} />}
    </>
  );
}

/** Nothing opened yet: say so, and offer the latest check if there is one. */
function NoCurrentCheck({ onOpenCheck }: { onOpenCheck: (checkId: string) => void }) {
  const db = useDb();
  const latest = useLiveQuery(async () => ({ id: (await db.checks.orderBy('createdAt').reverse().first())?.id }), [db]);
  if (!latest) return <p role="status" data-testid="checks-loading">Loading…</p>;
  const latestId = latest.id;
  if (!latestId) {
    return (
      <p className="notice" data-testid="no-checks">
        No checks yet. Paste text above and press Check, or select text on a page and choose "Fact-check".
      </p>
    );
  }
  return (
    <div className="notice" data-testid="no-current-check">
      <p>Your earlier checks are in History.</p>
      <button type="button" className="secondary" onClick={() => onOpenCheck(latestId)}>Open the latest check</button>
    </div>
  );
}
