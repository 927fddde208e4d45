/**
 * Why the link audit rated a cited link as it did, as a code and parameters, the way a run's warnings and
 * errors are (lib/core/notices.ts, lib/core/error-notices.ts): the views word it in the interface language
 * (lib/view/link-reason-words.ts) whenever the check was made. The run also stores its English
 * (`englishLinkReason`) as the link's `detail`, which older checks, the CLI and the JSON export read. What
 * the link itself holds (a DOI, an address) stays as given.
 */

export type LinkReason =
  /** Crossref does not know the DOI the link cites: the reference it stands for may be invented. */
  | { code: 'doi-unregistered'; doi: string }
  /** The link leads to a private-network address (`host`), which is not fetched unless the person allowed it. */
  | { code: 'private-address'; host: string };

/** The reason's English, as the run stores it in `detail` (one sentence). */
export function englishLinkReason(reason: LinkReason): string {
  switch (reason.code) {
    case 'doi-unregistered':
      return `The DOI ${reason.doi} is not registered, so the reference it stands for may be invented.`;
    case 'private-address':
      return `The link leads to a private-network address (${reason.host}), which is not fetched unless allowed in the settings.`;
  }
}
