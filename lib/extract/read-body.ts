/**
 * Reads a response body as a stream up to a byte cap, so a 500 MB page costs at most `maxBytes` of
 * memory and download: once the cap is reached the stream is cancelled, which closes the connection.
 */

/** A body read up to the cap. */
export interface CappedBody {
  bytes: Uint8Array;
  /** True when the body was longer than the cap and was cut. */
  truncated: boolean;
}

/** How many leading bytes {@link readCapped} hands to `inspectHead` (or fewer when the body is shorter). */
export const HEAD_BYTES = 1024;

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Reads `body` until it ends or `maxBytes` have arrived. `inspectHead` sees the first {@link HEAD_BYTES}
 * as soon as they are in (for content sniffing); if it throws, reading stops, the stream is cancelled
 * and the error propagates. Errors of the stream itself (reset, abort) propagate too.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  inspectHead: (head: Uint8Array) => void = () => {},
): Promise<CappedBody> {
  if (!body) {
    inspectHead(new Uint8Array(0));
    return { bytes: new Uint8Array(0), truncated: false };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let inspected = false;
  let truncated = false;
  const inspect = (): void => {
    inspected = true;
    const head = concat(chunks, total).subarray(0, HEAD_BYTES);
    inspectHead(head);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // At the cap, one more chunk is read only to learn whether the body goes on; it is not kept.
      const room = maxBytes - total;
      if (value.length > room) truncated = true;
      const chunk = truncated ? value.subarray(0, room) : value;
      if (chunk.length > 0) chunks.push(chunk);
      total += chunk.length;
      if (!inspected && total >= HEAD_BYTES) inspect();
      if (truncated) break;
    }
    if (!inspected) inspect();
  } catch (error) {
    // Releasing the stream is a courtesy: the read's own error is what the caller must hear.
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  // What was kept is complete; a stream that cannot be cancelled is already closed.
  if (truncated) await reader.cancel().catch(() => undefined);
  return { bytes: concat(chunks, total), truncated };
}
