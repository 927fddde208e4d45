/**
 * The no-literal-strings check: what it counts as a string a person reads (and what it leaves alone as
 * code, CSS included), the `// i18n-exempt: <reason>` markers, and the repository held to it: no literal
 * outside the catalogue (this is the check `npm test` runs).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import {
  findLiterals,
  inspectSource,
  isCss,
  type Literal,
  type LiteralReport,
  scanLiterals,
  scannedFiles,
} from '../../../../scripts/i18n/literals';

const ROOT = resolve(import.meta.dirname, '../../../..');

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
let repository: LiteralReport;
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

  it('counts a sentence with a semicolon or braces as prose, and only whole declarations or rules as CSS', () => {
    const source = `
const a = 'The claim is too long (… characters; the limit is …).';
const b = 'note: the key was ignored; set it again';
const c = 'Reply with {"ok": true}.';
const d = 'Note: it was ignored.';
const e = 'color: #fff; background: #2457c5; border: 0';
const f = \`button { font: 600 12px/1 system-ui, sans-serif; padding: \${n}px 9px; } :host { all: initial }\`;
const g = '@media (prefers-color-scheme: dark) { :host { color-scheme: dark; --fl-bg: #111 } }';
const h = 'font: 600 12px/1 system-ui, sans-serif';`;
    expect(texts(findLiterals('lib/content/x.ts', source))).toEqual([
      'prose: The claim is too long (… characters; the limit is …).',
      'prose: note: the key was ignored; set it again',
      'prose: Reply with {"ok": true}.',
      'prose: Note: it was ignored.',
    ]);
    expect(isCss('border: 0; padding: 5px 8px;')).toBe(true);
    expect(isCss('The limit is 2,000; shorten it.')).toBe(false);
  });

  it('exempts the literals of the node under an i18n-exempt marker with a reason, and refuses other markers', () => {
    const source = `
// i18n-exempt: the prompt sent to the provider, never shown.
const PROMPT = 'You check that a connection works.';
const shown = 'Select some text first.';
const body = {
  // i18n-exempt: words for Chrome's reviewers, not for people.
  justification: 'Reads the main text of pages.',
  label: 'Open the side panel',
};
// i18n-exempt:
const noReason = 'Check the selection now.';
// i18n-exempt: above a line with no words at all.
const width = 12;
const trailing = 'Close the card now.'; // i18n-exempt: after code, so it stands above nothing.`;
    const report = inspectSource('lib/background/x.ts', source);
    expect(texts(report.literals)).toEqual([
      'prose: Select some text first.',
      'prose: Open the side panel',
      'prose: Check the selection now.',
      'prose: Close the card now.',
    ]);
    expect(report.exemptions).toEqual([
      {
        file: 'lib/background/x.ts',
        line: 2,
        reason: 'the prompt sent to the provider, never shown.',
        texts: ['You check that a connection works.'],
      },
      {
        file: 'lib/background/x.ts',
        line: 6,
        reason: "words for Chrome's reviewers, not for people.",
        texts: ['Reads the main text of pages.'],
      },
      { file: 'lib/background/x.ts', line: 12, reason: 'above a line with no words at all.', texts: [] },
    ]);
    expect(report.markerProblems.map(({ line, problem }) => `${line}: ${problem}`)).toEqual([
      '10: an i18n-exempt marker without a reason',
      '12: an i18n-exempt marker above no literal: it exempts nothing',
      '14: an i18n-exempt marker not on its own line above a statement',
    ]);
  });

  it('refuses a marker above a whole function, component or element, whose words it would all hide', () => {
    const source = `
// i18n-exempt: too wide: a whole component.
export function Card() {
  return <p>{'Close the card now.'}<span title="Open the side panel">x</span></p>;
}
// i18n-exempt: too wide: a function in a variable.
const say = () => 'Select some text first.';
const view = (
  <div>
    {/* i18n-exempt: not a line comment, so not a marker */}
    <b>{'Check the selection now.'}</b>
  </div>
);`;
    const report = inspectSource('components/x.tsx', source);
    expect(texts(report.literals)).toEqual([
      'prose: Close the card now.',
      'jsx-attr: title=Open the side panel',
      'prose: Select some text first.',
      'prose: Check the selection now.',
    ]);
    expect(report.markerProblems.map(({ line, problem }) => `${line}: ${problem}`)).toEqual([
      '2: an i18n-exempt marker above a whole function, class, block or element',
      '6: an i18n-exempt marker above a whole function, class, block or element',
    ]);
  });

  it('holds the repository to no literal outside the catalogue and no refused marker', () => {
    expect(repository.literals.map((literal) => `${literal.file}:${literal.line} ${literal.text}`)).toEqual([]);
    expect(repository.markerProblems).toEqual([]);
    // Every exemption says why (the reviewer reads the reasons in \`npm run i18n:literals\`).
    for (const exemption of repository.exemptions) expect(exemption.reason).toMatch(/\p{L}{2,}.*\s\p{L}/u);
  });

  it('scans all of lib/, the core and the adapters whose words reach a person as a cause, a warning or a passage', () => {
    const files = scannedFiles(ROOT);
    for (const file of [
      'lib/core/error-notices.ts',
      'lib/core/quality/links/low-rated-citations.ts',
      'lib/llm/openai-chat-model.ts',
      'lib/core/composed-english.ts',
      'lib/extract/page-fetcher.ts',
      'lib/messaging/command-schemas.ts',
    ])
      expect(files).toContain(file);
    // Not a test, a type declaration or a style sheet.
    expect(
      files.every((file) => /^(components|entrypoints|lib)\/.*\.tsx?$/.test(file) && !file.endsWith('.d.ts')),
    ).toBe(true);
  });

  it('fails on a deliberately hard-coded string in a real component', () => {
    const file = 'components/sidepanel/claim/claim-card.tsx';
    const original = readFileSync(resolve(ROOT, file), 'utf8');
    const source = original.replace('className="claim-card"', 'title="Deliberately hard-coded" className="claim-card"');
    // The anchor must exist, or the test would compare the file with itself.
    expect(source).not.toBe(original);
    expect(findLiterals(file, original)).toEqual([]);
    expect(findLiterals(file, source).map((literal) => literal.text)).toEqual(['title=Deliberately hard-coded']);
  });
});
