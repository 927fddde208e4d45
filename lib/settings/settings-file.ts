/**
 * "Export settings" and "Import settings": a JSON file of the settings as the options page sees them,
 * without any key or header (those never leave the background), to carry a set-up to another browser.
 * An import is a draft like the options form's (a key absent means "keep the saved one"), checked here
 * section by section; the background merges it and keeps every key the organisation's policy locks.
 */
import * as z from 'zod/mini';

import { formatNumber, t } from '../i18n/i18n';
import { MODEL_PRESET_IDS } from './model-presets';
import type { PublicSettings, SettingsDraft } from './redact';
import {
  captureSettingsSchema,
  checkingSettingsSchema,
  evidenceSettingsSchema,
  historySettingsSchema,
  limitsSettingsSchema,
  modelProfileSchema,
  modelSettingsSchema,
  searchSettingsSchema,
  type Settings,
} from './schema';

export const SETTINGS_FILE_KIND = 'factlight-settings';
/** Larger files are refused before parsing: a settings file is a few kilobytes. */
export const MAX_SETTINGS_FILE_CHARS = 256 * 1024;

/** A file's size in kilobytes with the locale's own unit (Intl's `kilobyte`: "812 kB", "812 Ko"). */
function fileSize(chars: number): string {
  return formatNumber(Math.round(chars / 1024), { style: 'unit', unit: 'kilobyte' });
}

const keyedDraft = z.object({ enabled: z.boolean(), apiKey: z.optional(z.string()) });

const profileDraft = z.extend(modelProfileSchema, { apiKey: z.optional(z.string()) });

const draftSections = z.partial(
  z.object({
    model: z.extend(modelSettingsSchema, {
      profiles: z.partialRecord(z.enum(MODEL_PRESET_IDS), profileDraft),
    }),
    search: z.extend(searchSettingsSchema, {
      serper: keyedDraft,
      tavily: keyedDraft,
      brave: keyedDraft,
      exa: keyedDraft,
      googleFactCheck: keyedDraft,
    }),
    evidence: evidenceSettingsSchema,
    limits: limitsSettingsSchema,
    capture: captureSettingsSchema,
    checking: checkingSettingsSchema,
    history: historySettingsSchema,
  }),
);

const fileSchema = z.object({ kind: z.literal(SETTINGS_FILE_KIND), version: z.literal(1), settings: draftSections });

/** The file to download: the settings a page sees, with the "key saved" marks and the policy summary left out. */
export function settingsFileText(settings: PublicSettings): string {
  const { managed: _managed, ...rest } = settings;
  const profiles = Object.fromEntries(
    Object.entries(rest.model.profiles).map(([preset, profile]) => {
      const { apiKeySaved: _saved, savedKeyOrigin: _origin, ...fields } = profile;
      return [preset, fields];
    }),
  );
  const search = Object.fromEntries(
    Object.entries(rest.search).map(([key, section]) => {
      const { apiKeySaved: _saved, ...fields } = section as { apiKeySaved?: boolean };
      return [key, fields];
    }),
  );
  const body = { ...rest, model: { ...rest.model, profiles }, search };
  return `${JSON.stringify({ kind: SETTINGS_FILE_KIND, version: 1, settings: body }, null, 2)}\n`;
}

export type SettingsFileResult =
  { ok: true; draft: SettingsDraft; sections: Array<keyof Settings> } | { ok: false; error: string };

/**
 * Reads an exported file into a draft over `own` (the person's settings): sections the file leaves out
 * stay as they are; a bad file is refused whole, naming what is wrong, and changes nothing.
 */
export function parseSettingsFile(text: string, own: Settings): SettingsFileResult {
  if (text.length > MAX_SETTINGS_FILE_CHARS)
    return { ok: false, error: t('settingsFileTooLarge', { size: fileSize(text.length) }) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: t('settingsFileNotJson', { button: t('optionsExport') }) };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const kind = (json as { kind?: unknown } | null)?.kind;
    if (kind !== SETTINGS_FILE_KIND)
      return { ok: false, error: t('settingsFileNotOurs', { button: t('optionsExport') }) };
    return {
      ok: false,
      error: parsed.error.issues.map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`).join('; '),
    };
  }
  // A Settings object is a valid draft in which every key is "replace it with the same key", that is, keep it.
  const sections = Object.keys(parsed.data.settings) as Array<keyof Settings>;
  return { ok: true, draft: { ...own, ...parsed.data.settings }, sections };
}
