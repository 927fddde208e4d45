import type { KeyboardEvent } from 'react';

import type { Band } from '../../../lib/core/types';
import { BAND_ICONS } from '../../../lib/view/labels';

/**
 * One highlighted piece of a sentence, covered by one or more claims. A span (not a <button>) with
 * button semantics, because a real button cannot wrap across lines inside running text. Its
 * accessible name starts with the words it shows (WCAG 2.5.3, label in name: a voice user says what they
 * see) and then states each claim and verdict; an icon repeats the band so colour is not the only
 * signal. The icon is CSS generated content from `data-icon`, so the text itself (and what the user
 * copies) stays exactly the checked text.
 */
export function ClaimSpan(props: {
  text: string;
  band: Band;
  label: string;
  showIcon: boolean;
  selected: boolean;
  pending: boolean;
  onSelect: () => void;
}) {
  const { text, band, label, showIcon, selected, pending, onSelect } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };
  return (
    <span
      role="button"
      tabIndex={0}
      className={`claim-span band-${band}${selected ? ' selected' : ''}${pending ? ' pending' : ''}`}
      data-testid="span"
      data-band={band}
      aria-label={`${text} — ${label}`}
      aria-expanded={selected}
      data-icon={showIcon ? (pending ? '…' : BAND_ICONS[band]) : undefined}
      title={label}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      {text}
    </span>
  );
}
