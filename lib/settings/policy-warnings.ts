/**
 * A problem found in an organisation's policy (policy.ts), said in words: in the interface language on the
 * options page, in English by `npm run check`. The warning carries only codes and what was seen, so it is
 * worded where it is shown, in the language of that moment.
 */
import { t } from '../i18n/i18n';
import type { Translator } from '../i18n/translator';
import type { PolicyValueSeen, PolicyWarning } from './policy';
import { policyField } from './policy-fields';

type Say = Pick<Translator, 't'>;

/** The interface language in use in this context (lib/i18n/i18n.ts). */
const INTERFACE: Say = { t };

/** A value as it was seen: its JSON (the start of it, when long), or its kind for a secret. */
function valueWords(value: PolicyValueSeen, say: Say): string {
  const kind = say.t(`policyValue_${value.kind}`);
  if (value.json === undefined) return kind;
  return value.cut ? say.t('policyValueCut', { start: value.json, type: kind }) : value.json;
}

/** One warning as a sentence, by `say` (the interface language unless told otherwise). */
export function policyWarningText(warning: PolicyWarning, say: Say = INTERFACE): string {
  switch (warning.code) {
    case 'badValue': {
      const entry = policyField(warning.key);
      const expected = entry ? entry.expects(say) : warning.key;
      return say.t('policyWarningBadValue', { expected, got: valueWords(warning.got, say), key: warning.key });
    }
    case 'unknownKey':
      return say.t('policyWarningUnknownKey', { key: warning.key });
    case 'notAnObject':
      return say.t('policyWarningNotAnObject', { got: valueWords(warning.got, say) });
    case 'needsBaseUrl':
      return say.t('policyWarningNeedsBaseUrl', { key: warning.key });
    case 'unreadable':
      return say.t('policyWarningUnreadable', { reason: warning.reason });
  }
}
