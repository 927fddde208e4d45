import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { sendToBackground, type ExtensionStatus } from '../../lib/messaging/protocol';

/** The side panel's shell: until checks exist, it says what to set up first. */
export function SidePanelApp() {
  const [status, setStatus] = useState<ExtensionStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    sendToBackground('getStatus').then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  if (error) return <p className="result error" role="alert">Factlight's background did not answer: {error}</p>;
  if (!status) return <p role="status">Loading…</p>;
  return (
    <main className="options">
      <h1>Factlight</h1>
      {status.modelConfigured ? (
        <p data-testid="sidepanel-ready">Select text on a page to fact-check it.</p>
      ) : (
        <div data-testid="sidepanel-setup">
          <p>Choose a model to start: any OpenAI-compatible endpoint, or a local Ollama.</p>
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>Open settings</button>
        </div>
      )}
    </main>
  );
}
