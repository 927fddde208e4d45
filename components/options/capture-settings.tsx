import { t } from '../../lib/i18n/i18n';
import { type FormUpdate, isLocked, type OptionsForm, setSection } from '../../lib/settings/options-form';
import type { CaptureSettings as Capture } from '../../lib/settings/schema';
import { DomainListField } from './domain-list-field';
import { CheckboxField } from './form-fields';

/**
 * How Factlight offers itself in pages: the floating button (everywhere, or not on some sites), and chatbot replies.
 */
export function CaptureSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const capture = form.settings.capture;
  const set = (change: Partial<Capture>) => update(setSection('capture', change));
  return (
    <section aria-labelledby="capture-heading">
      <h2 id="capture-heading">{t('optionsCaptureHeading')}</h2>
      <CheckboxField
        testId="floating-button"
        checked={capture.floatingButton}
        managed={isLocked(form, 'floatingButton')}
        onChange={(checked) => set({ floatingButton: checked })}
      >
        {t('optionsFloatingButton')}
      </CheckboxField>
      <DomainListField
        id="floating-button-off-sites"
        label={t('optionsFloatingButtonOffSites')}
        rows={2}
        domains={capture.floatingButtonOffSites}
        onChange={(sites) => set({ floatingButtonOffSites: sites })}
      />
      <CheckboxField
        testId="auto-check-replies"
        checked={capture.autoCheckReplies}
        managed={isLocked(form, 'autoCheckReplies')}
        onChange={(checked) => set({ autoCheckReplies: checked })}
        hint={t('optionsAutoCheckRepliesHint', { shortcut: 'Alt+Shift+F', page: 'chrome://extensions/shortcuts' })}
      >
        {t('optionsAutoCheckReplies')}
      </CheckboxField>
    </section>
  );
}
