/**
 * `npm run sites -- FILE.html --url URL [--full]`
 * Prints, as JSON, the replies the chat-site adapter for URL finds in a saved page: site, count, and per
 * reply its message id, finished state, the first 80 characters of its text and its cited URLs. It runs the
 * same `findReplies` as the content script, on a linkedom parse with scripts removed. `--full` prints the
 * whole text, code ranges and citations with offsets and quotes.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { parseWithLinkedom } from '../lib/extract/linkedom-extractor';
import { adapterForUrl, citedUrls, findReplies, SITE_ADAPTERS } from '../lib/sites/index';
import type { Citation, TextRange } from '../lib/sites/types';

/** One reply as printed. */
interface SitesReplyOutput {
  messageId: string;
  finished: boolean;
  text: string;
  citations: string[];
  full?: { text: string; codeRanges: TextRange[]; citations: Citation[] };
}

/** The printed JSON. */
interface SitesOutput {
  site: string;
  count: number;
  replies: SitesReplyOutput[];
}

/** A user-facing failure: printed without a stack trace, exit code 2. */
export class SitesError extends Error {}

/** Parses saved page HTML the way the command does: linkedom, with every <script> removed first. */
export function parseSavedPage(html: string): Document {
  // No 2 GB cap: saved full pages can be several MB, and this is a local developer tool.
  const doc = parseWithLinkedom(html, Number.MAX_SAFE_INTEGER);
  for (const script of Array.from(doc.querySelectorAll('script'))) script.remove();
  return doc;
}

/** Finds the replies in `html` for the site of `url`. Throws SitesError for an unknown site or no replies. */
function runSites(html: string, url: string, options: { full?: boolean } = {}): SitesOutput {
  const adapter = adapterForUrl(url);
  if (!adapter) {
    const known = SITE_ADAPTERS.flatMap((candidate) => candidate.matches).join(', ');
    throw new SitesError(`No chat-site adapter matches ${url}. Known sites: ${known}`);
  }
  const doc = parseSavedPage(html);
  const replies = findReplies(adapter, doc, url);
  if (replies.length === 0) {
    throw new SitesError(
      `No ${adapter.name} replies found. Tried reply selectors: ${adapter.selectors.reply.join(' | ')}`,
    );
  }
  return {
    site: adapter.id,
    count: replies.length,
    replies: replies.map((reply) => ({
      messageId: reply.messageId,
      finished: reply.finished,
      text: reply.text.slice(0, 80),
      citations: citedUrls(reply),
      ...(options.full ? { full: { text: reply.text, codeRanges: reply.codeRanges, citations: reply.citations } } : {}),
    })),
  };
}

/** The command: reads argv, prints JSON to stdout or an error to stderr. Returns the exit code. */
export function main(
  argv: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): { code: number; stdout: string; stderr: string } {
  const usage = 'Usage: npm run sites -- FILE.html --url URL [--full]';
  let parsed: ReturnType<
    typeof parseArgs<{ options: { url: { type: 'string' }; full: { type: 'boolean' } }; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { url: { type: 'string' }, full: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    return { code: 2, stdout: '', stderr: `${(error as Error).message}\n${usage}` };
  }
  const file = parsed.positionals[0];
  const url = parsed.values.url;
  if (!file || !url) return { code: 2, stdout: '', stderr: usage };
  let html: string;
  try {
    html = read(file);
  } catch (error) {
    return { code: 2, stdout: '', stderr: `Cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    const output = runSites(html, url, { full: parsed.values.full === true });
    return { code: 0, stdout: `${JSON.stringify(output, null, 2)}\n`, stderr: '' };
  } catch (error) {
    if (error instanceof SitesError) return { code: 2, stdout: '', stderr: error.message };
    throw error;
  }
}

// Run only when executed directly (tests import `main`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = main(process.argv.slice(2));
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(`${result.stderr}\n`);
  process.exitCode = result.code;
}
