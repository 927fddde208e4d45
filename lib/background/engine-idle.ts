/**
 * How long Chrome's offscreen document, which runs the engine (offscreen-engine/), stays open once nothing uses it: no
 * command on its way, no check or rating running. An open document made every start of the stopped worker about 1 ms
 * slower (0.6–1.8 ms in three runs, BENCHMARKS.md "The page reader closed between checks") and holds a renderer's
 * memory, so it is closed between uses. 20 s spans the usual pauses between a person's commands (the panel's resume,
 * then "Check"), and the close comes before Chrome stops the idle worker (~30 s after its last extension call), which
 * is the one to close it. The close is itself an extension call: the worker then lives ~30 s more, as it would after
 * any event. The price: the next command after a pause opens the document again and starts the engine in it.
 */
export const ENGINE_IDLE_MS = 20_000;
