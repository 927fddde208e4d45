import { describe, expect, it } from 'vitest';

import { validateCommand } from '../../../../lib/messaging/command-schemas';

const TEXT = 'The tower is 330 metres tall.';
const capture = {
  quote: { type: 'TextQuoteSelector', exact: TEXT },
  position: { type: 'TextPositionSelector', start: 12, end: 12 + TEXT.length },
};

describe('validateCommand', () => {
  it("keeps a chatbot reply's text map, without which the reply cannot be highlighted (issue 21)", () => {
    const map = { type: 'TextMapSelector', runs: [0, 12, 20, 32, 12, TEXT.length, 40, 40 + TEXT.length - 12] };
    const kept = validateCommand('startCheck', {
      text: TEXT,
      origin: 'chatbot-reply',
      capture: { ...capture, map },
    }) as { capture: { map?: unknown } };
    expect(kept.capture.map).toEqual(map);
  });

  it('refuses a map that is not one', () => {
    expect(() =>
      validateCommand('startCheck', {
        text: TEXT,
        origin: 'chatbot-reply',
        capture: { ...capture, map: { type: 'TextMapSelector', runs: ['x'] } },
      }),
    ).toThrow(/capture\.map\.runs/);
  });

  it("lets the page's offer through with any number, for the background to cap or drop", () => {
    expect(validateCommand('checkSelectionHere', { limit: -3 })).toEqual({ limit: -3 });
    expect(validateCommand('checkSelectionHere', undefined)).toBeUndefined();
  });
});
