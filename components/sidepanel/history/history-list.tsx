import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

import { HistoryRow } from './history-row';
import { type HistoryMatches, useHistoryRows } from './use-history-window';

/** Every row has this height (see .history-row in sidepanel.css), so nothing needs measuring. */
export const HISTORY_ROW_HEIGHT = 104;

/**
 * The history as a virtual list: only the rows in view (plus a few either side) exist in the DOM, and
 * only those are read from the database.
 */
export function HistoryList({ matches, onOpen }: { matches: HistoryMatches; onOpen: (checkId: string) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: matches.count ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => HISTORY_ROW_HEIGHT,
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();
  const rowAt = useHistoryRows(matches, items[0]?.index ?? 0, items.at(-1)?.index ?? -1);
  return (
    <div ref={scrollRef} className="history-scroll" data-testid="history-list" tabIndex={-1}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const check = rowAt(item.index);
          return (
            <div
              key={item.key}
              className="history-slot"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {check ? (
                <HistoryRow check={check} onOpen={onOpen} />
              ) : (
                <div className="history-row placeholder" aria-hidden="true" />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
