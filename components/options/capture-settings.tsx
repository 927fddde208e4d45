import { useState } from 'react';
import { parseDomainList, type OptionsForm } from '../../lib/settings/options-form';
import type { CaptureSettings as Capture } from '../../lib/settings/schema';

type Update = (change: (form: OptionsForm) => OptionsForm) => void;

/** How Factlight offers itself in pages: the floating button (everywhere, or not on some sites), and chatbot replies. */
export function CaptureSettings({ form, update }: { form: OptionsForm; update: Update }) {
  const capture = form.settings.capture;
  const [sitesText, setSitesText] = useState(capture.floatingButtonOffSites.join('\n'));
  const set = (change: Partial<Capture>) => update((f) => ({ ...f, settings: { ...f.settings, capture: { ...f.settings.capture, ...change } } }));
  return (
    <section aria-labelledby="capture-heading">
      <h2 id="capture-heading">In pages</h2>
      <div className="field checkbox">
        <label>
          <input type="checkbox" data-testid="floating-button" checked={capture.floatingButton} onChange={(e) => set({ floatingButton: e.target.checked })} />
          Show a "Fact-check" button next to selected text
        </label>
      </div>
      <div className="field">
        <label htmlFor="floating-button-off-sites">Never show it on these sites (one per line)</label>
        <textarea id="floating-button-off-sites" data-testid="floating-button-off-sites" rows={2} spellCheck={false} value={sitesText}
          onChange={(e) => {
            setSitesText(e.target.value);
            set({ floatingButtonOffSites: parseDomainList(e.target.value) });
          }} />
      </div>
      <div className="field checkbox">
        <label>
          <input type="checkbox" data-testid="auto-check-replies" checked={capture.autoCheckReplies} onChange={(e) => set({ autoCheckReplies: e.target.checked })} />
          Check every new chatbot reply automatically
        </label>
        <p className="hint">The right-click menu and Alt+Shift+F (change it at chrome://extensions/shortcuts) work either way.</p>
      </div>
    </section>
  );
}
