/**
 * The address a frame shows now, read in the frame itself (`scripting.executeScript({ func: frameAddress })`): one
 * named function, so Chrome's offscreen document, which cannot send a function across a message, names it and the
 * worker injects its own copy (offscreen-engine/relayed-calls.ts).
 */
export function frameAddress(): string {
  return location.href;
}
