/**
 * The privacy policy's translations (docs/privacy/PRIVACY.<locale>.md) keep up with PRIVACY.md, the
 * authoritative English text: one per shipped locale, each opening with its note naming PRIVACY.md, and
 * the same skeleton (headings by level, table rows and cells, list items, paragraphs, bold spans, the hosts,
 * headers and permissions written as code, any link or URL): a translation that drops a paragraph or a
 * stressed "never" fails. docs/privacy/README.md records, for each translation, the fingerprint of the English
 * text and that translation together, as of its last update: any change of PRIVACY.md, even of a few words,
 * fails here for every translation until each is brought up to date and its own fingerprint recorded.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../../../lib/i18n/catalogue';
import { loadPolicyText } from '../../../../lib/privacy/policy-text';

const ROOT = resolve(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8').replace(/\r\n?/g, '\n');
const ENGLISH = read('PRIVACY.md');
const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');

const UPDATE = (locale: string) =>
  `docs/privacy/PRIVACY.${locale}.md no longer matches PRIVACY.md: carry the change to PRIVACY.md into every ` +
  'translation in docs/privacy/ (translated with care, nothing added or left out; the interface words as the ' +
  'catalogue says them), then record its new fingerprint as docs/privacy/README.md explains.';

/** Blocks of text between blank lines that are not a heading, a table, a list, a code block or a quote. */
function paragraphs(markdown: string): number {
  return markdown
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '' && !/^(#|\||- |```|>)/.test(block)).length;
}

/** What a translation must keep exactly as the English has it. */
function skeleton(markdown: string) {
  const lines = markdown.split('\n');
  const body = lines.filter((line) => !line.startsWith('#')).join('\n');
  const tableRows = lines.filter((line) => line.startsWith('|') && !/^\|(\s*:?-{3,}:?\s*\|)+$/.test(line.trim()));
  return {
    headings: lines.flatMap((line) => /^(#{1,6})\s/.exec(line)?.[1]!.length ?? []),
    tableCells: tableRows.map(
      (row) =>
        row
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|').length,
    ),
    listItems: lines.filter((line) => /^- /.test(line)).length,
    paragraphs: paragraphs(markdown),
    // A bold span may wrap onto the next line (Japanese lines break where the English ones do not).
    bold: [...markdown.matchAll(/\*\*[^*]+\*\*/g)].length,
    code: [...markdown.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort(),
    links: [...markdown.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]!),
    urls: [...body.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s)`>]+/gi)].map((match) => match[0]),
  };
}

/** A translation without its opening note (the one thing the English does not have). */
function withoutNote(markdown: string): { note: string; rest: string } {
  const [note, ...rest] = markdown.trimStart().split('\n');
  return { note: note!, rest: rest.join('\n') };
}

describe('privacy policy translations', () => {
  it.each(TRANSLATED)(
    '%s exists and opens with a one-line note that the English PRIVACY.md is authoritative',
    (locale) => {
      const path = `docs/privacy/PRIVACY.${locale}.md`;
      expect(existsSync(resolve(ROOT, path)), `${path} is missing: translate PRIVACY.md into it`).toBe(true);
      const { note, rest } = withoutNote(read(path));
      expect(note, `${path} must open with a one-line note naming \`PRIVACY.md\``).toContain('`PRIVACY.md`');
      expect(
        note.startsWith('#') || note.startsWith('|') || note.startsWith('-'),
        `${path}: the note is a paragraph`,
      ).toBe(false);
      expect(rest.startsWith('\n# '), `${path}: the note is one line, then a blank line and the title`).toBe(true);
    },
  );

  it.each(TRANSLATED)(
    '%s has the skeleton of PRIVACY.md: headings, tables, lists, paragraphs, bold, code, links',
    (locale) => {
      const { rest } = withoutNote(read(`docs/privacy/PRIVACY.${locale}.md`));
      expect(skeleton(rest), UPDATE(locale)).toEqual(skeleton(ENGLISH));
    },
  );

  it.each(TRANSLATED)(
    '%s was brought up to date with this PRIVACY.md (its fingerprint in docs/privacy/README.md)',
    (locale) => {
      const path = `docs/privacy/PRIVACY.${locale}.md`;
      // The English and the translation together: recording one translation's fingerprint says nothing of another's.
      const fingerprint = createHash('sha256').update(ENGLISH).update(read(path)).digest('hex');
      const recorded = new RegExp(`^- \`PRIVACY\\.${locale}\\.md\`: \`([0-9a-f]{64})\`$`, 'm').exec(
        read('docs/privacy/README.md'),
      )?.[1];
      expect(
        recorded,
        `PRIVACY.md or ${path} changed since ${path} was last brought up to date: carry any change of PRIVACY.md ` +
          `into it (translated with care), then write its new fingerprint (${fingerprint}, as \`cat PRIVACY.md ` +
          `${path} | sha256sum\` says) for it in docs/privacy/README.md.`,
      ).toBe(fingerprint);
    },
  );

  it('the English skeleton is not empty (the checks above compare something)', () => {
    const english = skeleton(ENGLISH);
    expect(english.headings[0]).toBe(1);
    expect(english.headings.length).toBeGreaterThan(1);
    expect(english.tableCells.length).toBeGreaterThan(1);
    expect(english.code.length).toBeGreaterThan(10);
    expect(english.paragraphs).toBeGreaterThan(3);
    expect(english.bold).toBeGreaterThan(10);
  });

  it.each(TRANSLATED)('the page loads the %s translation, and English for a language without one', async (locale) => {
    expect((await loadPolicyText(locale)).text).toBe(read(`docs/privacy/PRIVACY.${locale}.md`));
    expect((await loadPolicyText(locale.replace('_', '-'))).locale).toBe(locale);
  });

  it('falls back to English for English and for a language it has no translation for', async () => {
    expect(await loadPolicyText('en')).toEqual({ locale: 'en', text: ENGLISH });
    expect(await loadPolicyText('ko')).toEqual({ locale: 'en', text: ENGLISH });
  });
});
