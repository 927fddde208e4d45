/**
 * Whether `text` is printable ASCII and whitespace only. Patterns with Unicode letter classes (`\p{L}`) cost ~0.5 ms
 * each to build the first time in a worker, which a check that wakes it waits for (issue 27); where such text makes
 * an ASCII pattern find exactly what the Unicode one would, the caller reads it with the ASCII one. Other text
 * (any other script, an accent, a control character) takes the Unicode pattern.
 */
export function isPlainAscii(text: string): boolean {
  return /^[\t\n\v\f\r -~]*$/.test(text);
}
