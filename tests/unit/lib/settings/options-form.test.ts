import { describe, expect, it } from 'vitest';

import { type OptionsForm, setSection } from '../../../../lib/settings/options-form';
import { redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';

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
