/**
 * An organisation's policy over the person's own settings. The policy is read from the browser's managed
 * storage (lib/settings/managed-store.ts) or, for `npm run check`, from a file; each key is checked on its
 * own (policy-fields.ts), so one bad value costs only that key: it is named in a warning and the person's
 * own setting stays in force for it. A key the policy sets is locked: what is saved or imported never
 * changes it, and the person's own value is kept underneath for when the policy goes.
 *
 * Warnings are codes with their parameters, not sentences: the background reads the policy, the options page
 * says each warning in the interface language of the moment (policy-warnings.ts), and `npm run check` in
 * English.
 */
import { hostOf } from '../core/text/hosts';
import { t } from '../i18n/i18n';
import { tIsolatedWords } from '../i18n/isolated-words';
import { activeModelProfile } from './active-profile';
import type { ModelPresetId } from './model-presets';
import { POLICY_FIELDS, type PolicyField, policyField, type PolicyKey } from './policy-fields';
import type { Settings } from './schema';

/**
 * A value found in a policy as a warning may show it: its JSON when short and not secret (`json`, whole or
 * its start when `cut`), else only its kind.
 */
export interface PolicyValueSeen {
  kind: 'list' | 'null' | 'string' | 'number' | 'boolean' | 'object' | 'unknown';
  json?: string;
  cut?: boolean;
}

/** What was wrong in a policy; each code has its sentence in the catalogue (`policyWarning…`). */
export type PolicyWarning =
  /** A key whose value is not what the key takes; the person's own setting is used for it. */
  | { code: 'badValue'; key: PolicyKey; got: PolicyValueSeen }
  /** A key the policy language does not have (as written in the policy). */
  | { code: 'unknownKey'; key: string }
  /** The policy is not an object of keys. */
  | { code: 'notAnObject'; got: PolicyValueSeen }
  /** A token without the server it is for in the same policy. */
  | { code: 'needsBaseUrl'; key: 'apiKey' | 'headers' }
  /** The browser could not read the policy (`reason`: its error message). */
  | { code: 'unreadable'; reason: string };

export interface Policy {
  /** The keys that passed their check, with their values. */
  values: Partial<Record<PolicyKey, unknown>>;
  /** One per key that did not, for the options page; never a secret's value. */
  warnings: PolicyWarning[];
}

export const NO_POLICY: Policy = { values: {}, warnings: [] };

/** What pages may know of the policy: which keys it sets and what was wrong in it, never a value. */
export interface ManagedSummary {
  keys: PolicyKey[];
  organisationName?: string;
  warnings: PolicyWarning[];
}

/** Longer JSON is cut to its start, so that a pasted blob does not fill the options page. */
const MAX_JSON = 60;

function kindOf(value: unknown): PolicyValueSeen['kind'] {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object' ? type : 'unknown';
}

/** A value as a warning may show it: secrets by their kind only, others as short JSON. */
function seen(value: unknown, secret: boolean | undefined): PolicyValueSeen {
  const kind = kindOf(value);
  if (secret) return { kind };
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_JSON ? { kind, json: json.slice(0, MAX_JSON - 3), cut: true } : { kind, json };
}

function checkOne(
  entry: PolicyField,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; warning: PolicyWarning } {
  const parsed = entry.schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, warning: { code: 'badValue', key: entry.key, got: seen(value, entry.secret) } };
}

/**
 * Checks a policy as the browser hands it over (an object of keys). Never throws: anything unusable is a
 * warning. A `baseUrl` without a `preset` means the "custom" preset, since the person's preset (OpenAI by
 * default) would word requests for another provider and ask for its key.
 */
export function parsePolicy(raw: unknown): Policy {
  if (raw === undefined || raw === null) return NO_POLICY;
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { values: {}, warnings: [{ code: 'notAnObject', got: seen(raw, true) }] };
  const values: Policy['values'] = {};
  const warnings: PolicyWarning[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const entry = policyField(key);
    if (!entry) {
      warnings.push({ code: 'unknownKey', key });
      continue;
    }
    const checked = checkOne(entry, value);
    if (checked.ok) values[entry.key] = checked.value;
    else warnings.push(checked.warning);
  }
  // A token goes only to the server the same policy names: with the person's own base URL it could go anywhere.
  for (const secret of ['apiKey', 'headers'] as const) {
    if (values[secret] === undefined || values.baseUrl !== undefined) continue;
    delete values[secret];
    warnings.push({ code: 'needsBaseUrl', key: secret });
  }
  if (values.baseUrl !== undefined && !('preset' in raw)) values.preset = 'custom';
  return { values, warnings };
}

function isSet(policy: Policy, entry: PolicyField): boolean {
  return Object.hasOwn(policy.values, entry.key);
}

/** The settings checks run with: the person's own, with every key the policy sets put over them. */
export function applyPolicy(own: Settings, policy: Policy): Settings {
  let settings = own;
  for (const entry of POLICY_FIELDS) {
    // `preset` comes first in the list, so the model keys below fill the profile of the managed preset.
    if (isSet(policy, entry) && entry.apply)
      settings = entry.apply(settings, settings.model.preset, policy.values[entry.key]);
  }
  return settings;
}

/**
 * `next` (a draft or an import merged into the person's settings) with every locked key put back to the
 * person's own value in `own`: a locked field cannot be changed by saving or importing, and the policy's
 * values are never written into the person's storage.
 */
export function keepOwnManaged(next: Settings, own: Settings, policy: Policy): Settings {
  // The model keys the policy sets belong to the profile of the preset it sets (or the one in use).
  const preset = (policy.values.preset as ModelPresetId | undefined) ?? next.model.preset;
  let settings = next;
  // In reverse, so the preset itself is put back after the profile keys that depend on it.
  for (const entry of [...POLICY_FIELDS].reverse()) {
    if (isSet(policy, entry) && entry.keep) settings = entry.keep(settings, own, preset);
  }
  return settings;
}

/**
 * The locked keys an import would have changed: those in the sections the file holds whose value in
 * `next` (the file merged into the person's settings) differs from the one in force. Says which parts of
 * an import were left out because the organisation sets them. Secrets are not named: an exported file has
 * none, and a key the file leaves out means "keep mine", which differs from the policy's without being asked.
 */
export function lockedKeysChangedBy(
  next: Settings,
  effective: Settings,
  policy: Policy,
  sections: ReadonlyArray<keyof Settings>,
): PolicyKey[] {
  const preset = effective.model.preset;
  return POLICY_FIELDS.filter(
    (entry) =>
      isSet(policy, entry) &&
      !entry.secret &&
      entry.read &&
      entry.section &&
      sections.includes(entry.section) &&
      JSON.stringify(entry.read(next, preset)) !== JSON.stringify(entry.read(effective, preset)),
  ).map((entry) => entry.key);
}

export function managedKeys(policy: Policy): PolicyKey[] {
  return POLICY_FIELDS.filter((entry) => isSet(policy, entry)).map((entry) => entry.key);
}

export function managedSummary(policy: Policy): ManagedSummary {
  const name = policy.values.organisationName as string | undefined;
  return { keys: managedKeys(policy), ...(name ? { organisationName: name } : {}), warnings: policy.warnings };
}

/**
 * The model server in words when the organisation set it: "Acme's model server" with an
 * `organisationName`, else "the model server at llm.example.org". Undefined when the person set it up.
 */
export function organisationModelServer(policy: Policy, effective: Settings): string | undefined {
  if (!isSet(policy, policyField('baseUrl')!)) return undefined;
  const name = policy.values.organisationName as string | undefined;
  // The organisation's name and the host are the policy's own words: isolated inside a right-to-left sentence.
  if (name) return tIsolatedWords('settingsServerNamed', { name }, ['name']);
  const host = hostOf(activeModelProfile(effective.model).baseUrl, { form: 'address' });
  return host ? tIsolatedWords('settingsServerAt', { host }, ['host']) : t('settingsServerOrganisation');
}
