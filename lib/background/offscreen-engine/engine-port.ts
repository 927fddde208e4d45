/**
 * The runtime port Chrome's offscreen document opens to the worker that opened it (engine-host.ts, worker-side.ts): on
 * it the document says how many checks and ratings run (the worker keeps itself awake and sets the resume alarm from
 * that), and its end tells the document that the worker has stopped.
 */
export const ENGINE_PORT = 'factlight-engine-document';

/** What the document posts on the port: the number of checks and ratings its engine runs. */
export interface EngineActivity {
  active: number;
}

export function isEngineActivity(message: unknown): message is EngineActivity {
  const active = (message as Partial<EngineActivity> | null)?.active;
  return typeof active === 'number' && Number.isInteger(active) && active >= 0;
}

/**
 * What a call to a document that is closing (its worker has stopped) fails with: the worker's loader takes it, like
 * Chrome's "Receiving end does not exist", as a document gone, and opens a new one (offscreen-engine-loader.ts). The
 * call was not run here, so running it there is not running it twice.
 */
// i18n-exempt: a signal between the worker and its document, matched by the loader, never shown to a person.
export const DOCUMENT_CLOSING = 'The engine document is closing.';
