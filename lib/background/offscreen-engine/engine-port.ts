/**
 * The runtime port Chrome's offscreen document opens to the worker that opened it (engine-host.ts): its pings keep that
 * worker awake while the engine runs checks, and its end tells the document that the worker has stopped.
 */
export const ENGINE_PORT = 'factlight-engine-document';

/** How often the document pings the worker while checks or ratings run (Chrome stops a worker idle for ~30 s). */
export const ENGINE_PING_MS = 20_000;
