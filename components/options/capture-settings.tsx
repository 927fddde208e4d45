import { type FormUpdate, type OptionsForm, setSection } from '../../lib/settings/options-form';
import type { CaptureSettings as Capture } from '../../lib/settings/schema';
import { DomainListField } from './domain-list-field';

/**
 * How Factlight offers itself in pages: the floating button (everywhere, or not on some sites), and chatbot replies.
 */
export function CaptureSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const capture = form.settings.capture;
  const set = (change: Partial<Capture>) => update(setSection('capture', change));
  return (
    <section aria-labelledby="capture-heading">
      <h2 id="capture-heading">In pages</h2>
      <div className="field checkbox">
        <label>
          <input
            type="checkbox"
            data-testid="floating-button"
            checked={capture.floatingButton}
            onChange={(e) => set({ floatingButton: e.target.checked })}
          />
          Show a "Fact-check" button next to selected text
        </label>
      </div>
      <DomainListField
        id="floating-button-off-sites"
        label="Never show it on these sites (one per line)"
        rows={2}
        domains={capture.floatingButtonOffSites}
        onChange={(sites) => set({ floatingButtonOffSites: sites })}
      />
      <div className="field checkbox">
        <label>
          <input
            type="checkbox"
            data-testid="auto-check-replies"
            checked={capture.autoCheckReplies}
            onChange={(e) => set({ autoCheckReplies: e.target.checked })}
          />
          Check every new chatbot reply automatically
        </label>
        <p className="hint">
          The right-click menu and Alt+Shift+F (change it at chrome://extensions/shortcuts) work either way.
        </p>
      </div>
    </section>
  );
}
