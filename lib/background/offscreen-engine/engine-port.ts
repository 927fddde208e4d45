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
