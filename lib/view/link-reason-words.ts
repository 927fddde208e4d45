/**
 * Why a cited link was rated as it was, in words: a reason the audit kept as a code (lib/core/quality/links/
 * link-reasons.ts) is worded by the catalogue when shown, in the interface language; a link without one (a
 * reason not yet coded, a check stored before the codes, an imported check) shows its stored English `detail`.
 */
import type { LinkReason } from '../core/quality/links/link-reasons';
import type { LinkRetrieval } from '../core/quality/links/types';
import { t } from '../i18n/i18n';

export function linkReasonWords(reason: LinkReason): string {
  switch (reason.code) {
    case 'doi-unregistered':
      return t('linkReasonDoiUnregistered', { doi: reason.doi });
    case 'private-address':
      return t('linkReasonPrivateAddress', { host: reason.host });
  }
}

/** The sentence a person reads under a cited link. */
export function linkDetailWords(retrieval: Pick<LinkRetrieval, 'detail' | 'reason'>): string {
  return retrieval.reason ? linkReasonWords(retrieval.reason) : retrieval.detail;
}
