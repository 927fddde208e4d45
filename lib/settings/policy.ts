/**
 * An organisation's policy over the person's own settings. The policy is read from the browser's managed
 * storage (lib/settings/managed-store.ts) or, for `npm run check`, from a file; each key is checked on its
 * own (policy-fields.ts), so one bad value costs only that key: it is named in a warning and the person's
 * own setting stays in force for it. A key the policy sets is locked: what is saved or imported never
 * changes it, and the person's own value is kept underneath for when the policy goes.
 */
import { hostOf } from '../core/text/hosts';
import { t } from '../i18n/i18n';
import { activeModelProfile } from './active-profile';
import type { ModelPresetId } from './model-presets';
import { POLICY_FIELDS, type PolicyField, policyField, type PolicyKey } from './policy-fields';
import type { Settings } from './schema';

export interface Policy {
  /** The keys that passed their check, with their values. */
  values: Partial<Record<PolicyKey, unknown>>;
  /** One sentence per key that did not, for the options page; never a secret's value. */
  warnings: string[];
}

export const NO_POLICY: Policy = { values: {}, warnings: [] };

/** What pages may know of the policy: which keys it sets and what was wrong in it, never a value. */
export interface ManagedSummary {
  keys: PolicyKey[];
  organisationName?: string;
  warnings: string[];
}

const FALLBACK = 'your own setting is used for it';

/** A value as a warning may show it: secrets by their type only, others as short JSON. */
function describe(value: unknown, secret: boolean | undefined): string {
  const type = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
  if (secret) return type;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${type} (${json.slice(0, 57)}…)` : json;
}

function checkOne(entry: PolicyField, value: unknown): { ok: true; value: unknown } | { ok: false; warning: string } {
  const parsed = entry.schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    warning: `Policy key "${entry.key}": expected ${entry.expects}, got ${describe(value, entry.secret)}; ${FALLBACK}.`,
  };
}

/**
 * Checks a policy as the browser hands it over (an object of keys). Never throws: anything unusable is a
 * warning. A `baseUrl` without a `preset` means the "custom" preset, since the person's preset (OpenAI by
 * default) would word requests for another provider and ask for its key.
 */
export function parsePolicy(raw: unknown): Policy {
  if (raw === undefined || raw === null) return NO_POLICY;
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { values: {}, warnings: [`The policy is ${describe(raw, true)}, not an object of keys; it was ignored.`] };
  const values: Policy['values'] = {};
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const entry = policyField(key);
    if (!entry) {
      warnings.push(`Policy key "${key}" is not one Factlight knows; it was ignored.`);
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
    warnings.push(
      `Policy key "${secret}" is only used with "baseUrl" in the same policy, so that it goes only to that server; it was ignored.`,
    );
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
  if (name) return t('settingsServerNamed', { name });
  const host = hostOf(activeModelProfile(effective.model).baseUrl, { form: 'address' });
  return host ? t('settingsServerAt', { host }) : t('settingsServerOrganisation');
}
