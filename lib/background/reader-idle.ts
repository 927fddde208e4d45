/**
 * How long Chrome's page reader stays open after its last read. An open offscreen document made every later start of
 * the stopped worker about 1 ms slower (0.6–1.8 ms in three runs, BENCHMARKS.md "The page reader closed between
 * checks") and holds a renderer's memory, so it is closed between checks. 20 s spans the usual pauses inside a check (a
 * model's answer between two reads; a slower model's longer pause costs a reopening, 35–63 ms) and fires before Chrome
 * stops the idle worker (~30 s after its last extension call, the read's message included), which could not close it
 * then. The close is itself an extension call: the worker then lives ~30 s more, as it would after any event.
 */
export const READER_IDLE_MS = 20_000;
