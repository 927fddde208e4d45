// @vitest-environment happy-dom
/**
 * The side panel's tab bar from the keyboard: the arrow keys move to the tab they point at on screen, in a
 * left-to-right and in a right-to-left (Arabic) layout alike.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { TabBar, type TabId } from '../../../../components/sidepanel/tab-bar';

afterEach(cleanup);

function Panel() {
  const [current, setCurrent] = useState<TabId>('check');
  return <TabBar current={current} onChange={setCurrent} />;
}

/** The tab selected and the one with focus after each key, pressed on the focused tab. */
function press(keys: string[]): Array<[string | undefined, string | undefined]> {
  return keys.map((key) => {
    fireEvent.keyDown(document.activeElement!, { key });
    const selected = screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
    return [selected?.dataset.testid, (document.activeElement as HTMLElement | null)?.dataset.testid];
  });
}

describe('the tab bar from the keyboard', () => {
  it.each([
    {
      dir: 'ltr',
      // Check | Rate | History from left to right: ArrowRight goes on, ArrowLeft back, wrapping round.
      after: ['tab-rate', 'tab-history', 'tab-check', 'tab-history'],
    },
    {
      dir: 'rtl',
      // Check | Rate | History from right to left: ArrowRight goes back to the tab on its right, wrapping round.
      after: ['tab-history', 'tab-rate', 'tab-check', 'tab-rate'],
    },
  ])('follows the arrows on screen in a $dir layout', ({ dir, after }) => {
    render(
      <div dir={dir}>
        <section>
          <Panel />
        </section>
      </div>,
    );
    screen.getByTestId('tab-check').focus();
    expect(press(['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft'])).toEqual(after.map((id) => [id, id]));
  });

  it('follows the laid-out direction when no dir attribute says one', () => {
    render(
      <div style={{ direction: 'rtl' }}>
        <Panel />
      </div>,
    );
    screen.getByTestId('tab-check').focus();
    expect(press(['ArrowRight', 'Enter'])).toEqual([
      ['tab-history', 'tab-history'],
      ['tab-history', 'tab-history'],
    ]);
  });
});
