/**
 * Existing fact-checks from Google Fact Check Tools (schema.org ClaimReview), one result per review.
 *
 * Request: https://developers.google.com/fact-check/tools/api/reference/rest/v1alpha1/claims/search —
 * `GET /v1alpha1/claims:search?query=&languageCode=&pageSize=&key=`. Response:
 * https://developers.google.com/fact-check/tools/api/reference/rest/v1alpha1/claims — `{ claims?: [{ text,
 * claimant?, claimDate?, claimReview: [{ publisher: { name, site }, url, title?, reviewDate?,
 * textualRating, languageCode? }] }], nextPageToken? }`; an empty search is `{}`. Google APIs answer a
 * bad key with 400 `API_KEY_INVALID` (https://cloud.google.com/apis/design/errors).
 */
import { z } from 'zod';

import type { ClaimReview, SearchProvider } from '../core/ports';
import { hostOf } from '../core/text/hosts';
import { defineProvider, type ProviderContext, type ProviderSpec, type ResultDraft, toPublishedAt } from './provider';
import { collapseWhitespace } from './strip-html';

const schema = z.object({
  claims: z
    .array(
      z.object({
        text: z.string().nullish(),
        claimant: z.string().nullish(),
        claimDate: z.string().nullish(),
        claimReview: z
          .array(
            z.object({
              publisher: z.object({ name: z.string().nullish(), site: z.string().nullish() }).nullish(),
              url: z.string().nullish(),
              title: z.string().nullish(),
              reviewDate: z.string().nullish(),
              textualRating: z.string().nullish(),
              languageCode: z.string().nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .optional(),
});

type Claim = NonNullable<z.infer<typeof schema>['claims']>[number];

function reviewsOf(claim: Claim): ResultDraft[] {
  const claimText = collapseWhitespace(claim.text ?? '');
  const claimant = collapseWhitespace(claim.claimant ?? '') || undefined;
  return (claim.claimReview ?? []).map((review) => {
    const publisher = collapseWhitespace(
      review.publisher?.name || review.publisher?.site || hostOf(review.url ?? '') || '',
    );
    const textualRating = collapseWhitespace(review.textualRating ?? '');
    const reviewDate = toPublishedAt(review.reviewDate);
    const claimReview: ClaimReview = { claimText, publisher, textualRating };
    if (claimant) claimReview.claimant = claimant;
    if (reviewDate) claimReview.reviewDate = reviewDate;
    // i18n-exempt: never shown: a review becomes evidence from its `claimReview` (gather-evidence.ts)
    const said = claimant ? `${claimant} claimed` : 'Claim';
    const rated = textualRating ? `rated "${textualRating}"` : 'reviewed';
    return {
      url: review.url,
      title: collapseWhitespace(review.title ?? '') || `${publisher}: ${claimText}`,
      // i18n-exempt: never shown: a review becomes evidence from its `claimReview` (gather-evidence.ts)
      snippet: `${said}: "${claimText}" — ${rated} by ${publisher || 'a fact-checker'}.`,
      publishedAt: reviewDate,
      claimReview,
    };
  });
}

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'google-factcheck',
  defaultBase: () => 'https://factchecktools.googleapis.com',
  maxCount: 100,
  schema,
  call: ({ query, count, apiKey }) => ({
    method: 'GET',
    path: '/v1alpha1/claims:search',
    params: { query: query.text, languageCode: query.language?.trim() || undefined, pageSize: count, key: apiKey },
  }),
  read: (data) => (data.claims ?? []).flatMap(reviewsOf),
  describeError: ({ status, body }) =>
    status === 400 && /API_KEY_INVALID|API key not valid/.test(body)
      ? { kind: 'auth', reason: 'key-rejected' }
      : undefined,
};

/** Google Fact Check Tools claim search; needs a Google API key with the Fact Check Tools API enabled. */
export function createGoogleFactCheckProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
