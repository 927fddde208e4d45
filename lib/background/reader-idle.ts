/**
 * How long Chrome's page reader stays open after its last read. An open offscreen document makes every later start of
 * the stopped worker ~1 ms slower and holds a renderer's memory (BENCHMARKS.md, "Cold start"), so it is closed between
 * checks; 20 s spans the pauses inside a check (a model's answer between two reads) and fires before Chrome stops the
 * idle worker (~30 s after its last extension call, the read's message included), which could not close it then.
 */
export const READER_IDLE_MS = 20_000;
