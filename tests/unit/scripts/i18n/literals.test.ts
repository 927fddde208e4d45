/**
 * The no-literal-strings check: what it counts as a string a person reads (and what it leaves alone as
 * code), the baseline that may only shrink, and the repository held to it (this is the check `npm test` runs).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import {
  compareWithBaseline,
  findLiterals,
  formatBaseline,
  type Literal,
  scanLiterals,
} from '../../../../scripts/i18n/literals';

const ROOT = resolve(import.meta.dirname, '../../../..');
const BASELINE = readFileSync(resolve(ROOT, 'scripts/i18n/literals-baseline.tsv'), 'utf8');

const COMPONENT = `
import '../styles/a b.css';
import { t } from '../../lib/i18n/i18n';
const CSS = 'font: 600 12px/1 system-ui, sans-serif';
export function Card({ busy, n, el }: { busy: boolean; n: number; el: HTMLElement }) {
  const message = 'Select some text first.';
  console.warn('[factlight] a line for developers only');
  if (message === 'not checked') el.querySelector('article p');
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) el.scrollIntoView();
  el.textContent = 'Fact-check';
  el.setAttribute('aria-label', 'Check the selection');
  el.setAttribute('data-state', 'saved state');
  el.style.width = \`\${n}px\`;
  el.className = 'row muted';
  (el as HTMLAnchorElement).rel = 'noopener noreferrer';
  el.title = 'Open the source';
  const STOPWORDS = new Set('the and was were'.split(' '));
  const words = 'Read the source first.';
  return (
    <section className="row muted" data-testid="claim card">
      <h2>Claim</h2>
      <button title="Close the claim" aria-label={busy ? 'Saving' : 'Save'} type="button">
        {t('verdict_refuted')}
      </button>
      <Hint text="Shown under the field as help." />
      <p>{\`\${n} of \${n} claims checked\`}</p>
    </section>
  );
}`;

/** The repository's literals, read once: parsing every UI file takes seconds on a loaded machine. */
let repository: Literal[];
beforeAll(() => {
  repository = scanLiterals(ROOT);
}, 120_000);

const texts = (literals: Literal[]) => literals.map((literal) => `${literal.kind}: ${literal.text}`);

describe('no-literal-strings check', () => {
  it('finds the words a person reads, and leaves code (classes, test ids, selectors, logs, CSS, keys) alone', () => {
    expect(texts(findLiterals('components/card.tsx', COMPONENT))).toEqual([
      'prose: Select some text first.',
      'dom: Fact-check',
      'dom: Check the selection',
      'dom: Open the source',
      'prose: Read the source first.',
      'jsx-text: Claim',
      'jsx-attr: title=Close the claim',
      'jsx-attr: aria-label=Saving',
      'jsx-attr: aria-label=Save',
      'jsx-attr: text=Shown under the field as help.',
      'prose: … of … claims checked',
    ]);
  });

  it('fails on a literal missing from the baseline, and on a baseline line no longer in the code', () => {
    const literals = findLiterals('components/card.tsx', COMPONENT);
    const baseline = formatBaseline(literals);
    expect(compareWithBaseline(literals, baseline)).toEqual({ added: [], gone: [] });
    // A second copy of a baseline literal is new too.
    const twice = [...literals, { ...literals[0]!, line: 99 }];
    expect(compareWithBaseline(twice, baseline).added).toEqual([{ ...literals[0]!, line: 99 }]);
    // A converted string: its baseline line must go, so the baseline only shrinks.
    expect(compareWithBaseline(literals.slice(1), baseline).gone).toEqual([
      'components/card.tsx\tprose\tSelect some text first.',
    ]);
  });

  it('holds the repository to its baseline: no new hard-coded string (npm run i18n:literals -- --update after converting)', () => {
    const { added, gone } = compareWithBaseline(repository, BASELINE);
    expect(added.map((literal) => `${literal.file}:${literal.line} ${literal.text}`)).toEqual([]);
    expect(gone).toEqual([]);
  });

  it('fails on a deliberately hard-coded string in a real component', () => {
    const file = 'components/sidepanel/claim/claim-card.tsx';
    const original = readFileSync(resolve(ROOT, file), 'utf8');
    const source = original.replace('className="claim-card"', 'title="Deliberately hard-coded" className="claim-card"');
    // The anchor must exist, or the test would compare the file with itself.
    expect(source).not.toBe(original);
    const others = repository.filter((literal) => literal.file !== file);
    const { added } = compareWithBaseline([...others, ...findLiterals(file, source)], BASELINE);
    expect(added.map((literal) => literal.text)).toEqual(['title=Deliberately hard-coded']);
  });
});
