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

/**
 * Whether the tabs are laid out right to left: the nearest `dir` attribute says so when it is "rtl" or "ltr"
 * (the interface language sets it on the root), else the computed `direction` (no `dir`, `dir="auto"`, a style).
 */
function isRightToLeft(element: HTMLElement): boolean {
  const dir = element.closest('[dir]')?.getAttribute('dir')?.toLowerCase();
  if (dir === 'rtl' || dir === 'ltr') return dir === 'rtl';
  return getComputedStyle(element).direction === 'rtl';
}

/**
 * "Check" / "Rate an explanation" / "History" as an ARIA tab list; arrow keys move between tabs the way they
 * point on screen: in a right-to-left language the first tab is on the right, so ArrowRight goes back one
 * (WAI-ARIA Authoring Practices, tabs pattern: arrows follow the visual order).
 */
export function TabBar({ current, onChange }: { current: TabId; onChange: (tab: TabId) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = TABS.findIndex((tab) => tab.id === current);
    const forward = (event.key === 'ArrowRight') !== isRightToLeft(event.currentTarget);
    const next = TABS[(index + (forward ? 1 : TABS.length - 1)) % TABS.length]!;
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
