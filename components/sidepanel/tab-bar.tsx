import type { KeyboardEvent } from 'react';

import { t } from '../../lib/i18n/i18n';
import type { SimpleMessageKey } from '../../lib/i18n/keys';

/** The side panel's views. */
export type TabId = 'check' | 'rate' | 'history';

const TABS: Array<{ id: TabId; label: SimpleMessageKey }> = [
  { id: 'check', label: 'tabCheck' },
  { id: 'rate', label: 'tabRate' },
  { id: 'history', label: 'tabHistory' },
];

/** "Check" / "Rate an explanation" / "History" as an ARIA tab list; arrow keys move between tabs. */
export function TabBar({ current, onChange }: { current: TabId; onChange: (tab: TabId) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = TABS.findIndex((tab) => tab.id === current);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    onChange(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('extName')} className="tab-bar" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          id={`tab-${tab.id}`}
          type="button"
          role="tab"
          data-testid={`tab-${tab.id}`}
          aria-selected={current === tab.id}
          aria-controls={`panel-${tab.id}`}
          tabIndex={current === tab.id ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {t(tab.label)}
        </button>
      ))}
    </div>
  );
}
