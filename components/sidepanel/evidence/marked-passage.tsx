import { useMemo } from 'react';

import { markClaimWords } from '../../../lib/view/match-words';

/** An evidence passage with the words it shares with the claim in <mark>, built as React nodes. */
export function MarkedPassage({ passage, claim }: { passage: string; claim: string }) {
  const parts = useMemo(() => markClaimWords(passage, claim), [passage, claim]);
  return (
    <>{parts.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>
  );
}
