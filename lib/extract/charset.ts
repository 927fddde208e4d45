/**
 * Turns the bytes of a web page into text with the right character set: a byte order mark, then the
 * Content-Type charset, then a `<meta charset>` / `<meta http-equiv="Content-Type">` near the top, then
 * UTF-8. A Shift_JIS or windows-1252 page decoded as UTF-8 would become replacement characters, and the
 * evidence with it.
 */

/** How far into the body to look for a `<meta>` charset (the HTML spec's prescan uses 1024 bytes; real
 * pages often put a long `<head>` of scripts first, and browsers look further too). */
const META_SCAN_BYTES = 4096;

/** The charset parameter of a Content-Type header value, lower-cased, if any. */
export function charsetFromContentType(contentType: string | null | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** The charset a page declares in a `<meta>` tag within its first few KB, if any. */
export function charsetFromMeta(bytes: Uint8Array): string | undefined {
  // latin1 maps each byte to one character, so ASCII markup is readable whatever the real encoding.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, META_SCAN_BYTES));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return direct?.[1]?.toLowerCase();
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    // An unknown label ("utf8mb4", "none") falls through to the next source.
    return undefined;
  }
}

/** windows-1252 characters for bytes 0x80–0x9F (the five undefined bytes map to themselves). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * Node's TextDecoder decodes "windows-1252" (the label every "iso-8859-1" and "ascii" page gets) as
 * ISO-8859-1, turning curly quotes and € into C1 control characters. Map those back; on a correct
 * decoder (browsers) no such characters come out, so this changes nothing there.
 */
function fixWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** Decodes a page body; `contentType` is the response's Content-Type header. */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): string {
  const bom = bomCharset(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes); // TextDecoder drops the BOM itself
  let meta = charsetFromMeta(bytes);
  // A page cannot declare UTF-16 from inside itself in ASCII-compatible bytes; browsers read it as UTF-8.
  if (meta?.startsWith('utf-16')) meta = 'utf-8';
  const decoder = decoderFor(charsetFromContentType(contentType)) ?? decoderFor(meta) ?? new TextDecoder('utf-8');
  const text = decoder.decode(bytes);
  return decoder.encoding === 'windows-1252' ? fixWindows1252(text) : text;
}
