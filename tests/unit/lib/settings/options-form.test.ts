import { describe, expect, it } from 'vitest';

import { headerRowsFor, type OptionsForm, setSection, toDraft } from '../../../../lib/settings/options-form';
import { redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';

const freshForm = (): OptionsForm => ({
  settings: redactSettings(DEFAULT_SETTINGS),
  typedKeys: { 'search:brave': 'typed' },
});

describe('setSection', () => {
  it('merges a change into one section and leaves the rest of the form as it was', () => {
    const form = freshForm();
    const next = setSection('capture', { autoCheckReplies: true })(form);
    expect(next.settings.capture).toEqual({ ...form.settings.capture, autoCheckReplies: true });
    expect(next.settings.evidence).toBe(form.settings.evidence);
    expect(next.typedKeys).toBe(form.typedKeys);
    // The form it was given is not changed.
    expect(form.settings.capture.autoCheckReplies).toBe(false);
  });
});

describe('custom headers in the form', () => {
  const withHeaders: Settings = {
    ...DEFAULT_SETTINGS,
    model: {
      preset: 'anthropic',
      profiles: {
        anthropic: {
          baseUrl: 'https://api.anthropic.com/v1',
          apiKey: 'sk-ant',
          fastModel: 'f',
          strongModel: 's',
          embeddingModel: '',
          structuredOutput: 'auto',
          headers: { 'anthropic-workspace-id': 'wrkspc_secret' },
        },
      },
    },
  };

  it('shows saved headers by name with no value, and sends none back until they are edited', () => {
    const form: OptionsForm = { settings: redactSettings(withHeaders), typedKeys: {} };
    expect(JSON.stringify(form)).not.toContain('wrkspc_secret');
    expect(headerRowsFor(form, 'anthropic')).toEqual([{ name: 'anthropic-workspace-id', value: '', saved: true }]);
    const draft = toDraft(form).model.profiles.anthropic;
    expect(draft).not.toHaveProperty('headers');
    expect(draft).not.toHaveProperty('headerNames');
  });

  it('sends the edited rows, trimmed, leaving out rows without a name', () => {
    const form: OptionsForm = {
      settings: redactSettings(withHeaders),
      typedKeys: {},
      typedHeaders: {
        anthropic: [
          { name: 'anthropic-workspace-id', value: '', saved: true },
          { name: ' X-Team ', value: 'blue', saved: false },
          { name: '', value: 'orphan', saved: false },
        ],
      },
    };
    expect(toDraft(form).model.profiles.anthropic?.headers).toEqual({ 'anthropic-workspace-id': '', 'X-Team': 'blue' });
  });
});
