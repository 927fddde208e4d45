import type { KeyboardEvent } from 'react';

/** The side panel's views. */
export type TabId = 'check' | 'rate' | 'history';

const TABS: Array<{ id: TabId; label: string }> = [
  { id: 'check', label: 'Check' },
  { id: 'rate', label: 'Rate an explanation' },
  { id: 'history', label: 'History' },
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
    <div role="tablist" aria-label="Factlight" className="tab-bar" onKeyDown={onKeyDown}>
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
          {tab.label}
        </button>
      ))}
    </div>
  );
}
