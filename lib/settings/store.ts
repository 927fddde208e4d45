/**
 * Where settings live: the extension's local storage area, read and written only by the background
 * (UIs go through messages and never see keys). Versioned so later releases can migrate old shapes.
 */
import { storage } from 'wxt/utils/storage';

import { DEFAULT_SETTINGS, type Settings, settingsSchema } from './schema';

export const settingsItem = storage.defineItem<unknown>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/**
 * Reads settings, repairing any section that no longer validates from its default rather than
 * dropping the whole object, so one bad field never costs the user their keys.
 */
export async function loadSettings(): Promise<Settings> {
  return repairSettings(await settingsItem.getValue());
}

/** Validates and stores settings; throws a zod error naming the bad fields. */
export async function saveSettings(settings: Settings): Promise<Settings> {
  const valid = settingsSchema.parse(settings);
  await settingsItem.setValue(valid);
  return valid;
}

/** Keeps every section of `raw` that validates and takes the default for the rest. */
export function repairSettings(raw: unknown): Settings {
  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const section = <K extends keyof Settings>(key: K): Settings[K] => {
    const parsed = settingsSchema.shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as Settings[K]) : DEFAULT_SETTINGS[key];
  };
  return {
    model: section('model'),
    search: section('search'),
    evidence: section('evidence'),
    limits: section('limits'),
    capture: section('capture'),
    checking: section('checking'),
    history: section('history'),
  };
}
