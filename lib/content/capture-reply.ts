/**
 * A chatbot reply as the "Fact-check" control starts a check from it: its text and cited links read as they are
 * now, with selectors that place every word of that text in the page (one walk of rendered text makes both).
 */
import { describeText } from '../anchoring/describe';
import type { CaptureSelectors } from '../anchoring/selectors';
import { buildTextIndex } from '../anchoring/text-index';
import type { CitedLink } from '../messaging/protocol';
import { readReply, type SiteAdapter } from '../sites';

/** A chatbot reply as a check starts from it. */
export interface CapturedReply {
  text: string;
  citations: CitedLink[];
  /** Where the reply, and each word of its text, sits in the page; missing when it has no visible text. */
  capture?: CaptureSelectors;
}

/**
 * Reads a reply as it is now: its text and cited links, and selectors that place every word of that text in the
 * page (`describeText`), made by the same walk as the page's text index, whatever the site leaves out of the
 * reply's text (hidden labels, pill labels, buttons).
 */
export function captureReply(doc: Document, adapter: SiteAdapter, element: Element): CapturedReply {
  const read = readReply(adapter, element, doc.location.href);
  const capture = describeText(doc.body, element, read.origins, buildTextIndex(doc.body));
  return {
    text: read.text,
    citations: read.citations.map(({ url, title, start, end, quote }) => ({
      url,
      start,
      end,
      ...(title ? { title } : {}),
      ...(quote ? { quote } : {}),
    })),
    ...(capture ? { capture } : {}),
  };
}
