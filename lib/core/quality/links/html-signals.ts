/**
 * What a page's raw HTML says beyond its main text, read with string scans (the core has no DOM): its
 * visible text, and whether it is an app shell whose content only a script would produce.
 */

/**
 * A page with less visible text than this (the extractor's own minimum for an article) that carries
 * scripts is taken for a script-rendered page: an app shell, a "loading…" placeholder or a
 * "please enable JavaScript" notice. A server-rendered article of 200+ characters with scripts is normal.
 */
export const MIN_TEXT_CHARS = 200;

const HIDDEN_ELEMENTS = /<(script|style|noscript|template|svg|head)\b[^>]*>[\s\S]*?<\/\1\s*>/giu;
const COMMENTS = /<!--[\s\S]*?-->/gu;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text a reader would see without scripts: tags, scripts, styles, `<noscript>` and comments removed. */
export function visibleText(html: string): string {
  const text = html
    .replace(COMMENTS, ' ')
    .replace(HIDDEN_ELEMENTS, ' ')
    .replace(/<[^>]*>/gu, ' ');
  return decodeEntities(text).replace(/\s+/gu, ' ').trim();
}

/** Scripts that run: external or inline, but not JSON data blocks (`application/ld+json`, `application/json`). */
function countScripts(html: string): number {
  let n = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>/giu)) {
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/iu.exec(m[1] ?? '')?.[1]?.toLowerCase();
    if (!type || type === 'module' || type.includes('javascript') || type.includes('ecmascript')) n += 1;
  }
  return n;
}

/** "Enable JavaScript", "JavaScript is required", "You need to enable JavaScript to run this app". */
const JS_NOTICE =
  /(enable|turn on|activate|allow|requires?|need|needed|is required|must be enabled|disabled)[^<]{0,60}javascript|javascript[^<]{0,40}(required|disabled|needed|must be enabled|to be enabled|is off)/iu;

function hasJavaScriptNotice(html: string): boolean {
  for (const m of html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/giu)) {
    if (JS_NOTICE.test(visibleText(m[1] ?? ''))) return true;
  }
  return false;
}

/**
 * Why a page whose main text could not be read is taken for one that needs JavaScript: it says so
 * (`notice`), or it is scripts around next to no visible text (`scripts`); undefined when it is neither.
 */
export function javascriptSignal(html: string): 'notice' | 'scripts' | undefined {
  const visible = visibleText(html);
  if (hasJavaScriptNotice(html) || JS_NOTICE.test(visible.slice(0, 2_000))) return 'notice';
  return visible.length < MIN_TEXT_CHARS && countScripts(html) > 0 ? 'scripts' : undefined;
}
