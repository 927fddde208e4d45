import { readFile } from 'node:fs/promises';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { composedEnglish } from '../../../../lib/core/composed-english';
import type { ComposedEvidence } from '../../../../lib/core/composed-evidence';
import { parseRatingsTable } from '../../../../lib/core/evidence/sources/domain-ratings';
import { noticeKey, type RunNotice } from '../../../../lib/core/notices';
import type { Evidence } from '../../../../lib/core/types';
import { type CheckView, loadCheckView } from '../../../../lib/db/check-view';
import {
  exportCheckMarkdown,
  exportChecksJson,
  type ImportedCheck,
  parseChecksImport,
  writeImportedChecks,
} from '../../../../lib/db/export-import';
import type { ChecksExport } from '../../../../lib/db/export-schema';
import type { FactlightDb } from '../../../../lib/db/schema';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { evidencePassage } from '../../../../lib/view/composed-words';
import { explanationWords } from '../../../../lib/view/explanation-words';
import { rationaleWords } from '../../../../lib/view/rationale-words';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { buildCheckView, freshDb, seedView } from '../../support/check-fixtures';
import { EIFFEL_HEIGHT } from '../../support/composed-fixtures';

/** The export's headline words: the English catalogue's, as the side panel loads them. */
const ENGLISH = defaultTranslator();

let source: FactlightDb;
let target: FactlightDb;
beforeEach(() => {
  source = freshDb();
  target = freshDb();
});
afterEach(async () => {
  setMessageSource(browserSource());
  await source.delete();
  await target.delete();
});

/** Stores a view and reads it back, so the comparison is with exactly what the database returns. */
async function stored(view: CheckView): Promise<CheckView> {
  await seedView(source, view);
  return (await loadCheckView(source, view.check.id))!;
}

function parsed(json: string): { checks: ImportedCheck[] } {
  const result = parseChecksImport(json);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const STATEMENT = EIFFEL_HEIGHT;
const REVIEW: ComposedEvidence = {
  code: 'fact-check-review',
  params: {
    publisher: 'PolitiFact',
    claimText: 'The wall is visible.',
    textualRating: 'False',
    reviewDate: '2024-05-02',
  },
};

/** The first piece of evidence a Wikidata statement, the second a fact-check, each with its composed words. */
function composedEvidence(item: Evidence): Evidence {
  if (item.id.endsWith(':e0') && item.claimId === 'c0-0')
    return {
      ...item,
      source: { ...item.source, title: 'Eiffel Tower (Wikidata)', provider: 'wikidata' },
      origin: 'knowledge-graph',
      passage: 'Eiffel Tower — height: 330 metre (as of 2022)',
      composed: STATEMENT,
    };
  if (item.id.endsWith(':e1') && item.claimId === 'c0-0')
    return { ...item, origin: 'fact-check', passage: composedEnglish(REVIEW).passage, composed: REVIEW };
  return item;
}

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

describe('JSON export and import', () => {
  it('round-trips every record exactly', async () => {
    const originals = [
      await stored(buildCheckView({ id: 'chk-1' })),
      await stored(buildCheckView({ id: 'chk-2', createdAt: 5 })),
    ];
    const json = exportChecksJson(originals, ENGLISH, new Date('2025-02-01T00:00:00Z'));
    expect(JSON.parse(json)).toMatchObject({
      format: 'factlight-checks',
      version: 1,
      exportedAt: '2025-02-01T00:00:00.000Z',
    });
    expect(await writeImportedChecks(target, parsed(json))).toEqual({ imported: 2, skipped: 0 });
    for (const original of originals) expect(await loadCheckView(target, original.check.id)).toEqual(original);
  });

  it('keeps why no claim could be judged through an import (counts and the English cause, not its code)', async () => {
    const view = await stored(buildCheckView({ id: 'chk-f', status: 'failed' }));
    view.check.failure = {
      failed: 2,
      claims: 2,
      others: 0,
      cause: {
        message: 'OpenAI refused the key (401).',
        claims: 2,
        notice: { code: 'key-rejected', provider: 'OpenAI' } as never,
      },
    };
    await writeImportedChecks(target, parsed(exportChecksJson([view], ENGLISH)));
    expect((await target.checks.get('chk-f'))?.failure).toEqual({
      failed: 2,
      claims: 2,
      others: 0,
      cause: { message: 'OpenAI refused the key (401).', claims: 2 },
    });
  });

  it("keeps the codes of Factlight's own explanation and rationales through an import, worded from our catalogue", async () => {
    const view = await stored(buildCheckView({ id: 'chk-c' }));
    const [claimId, assessment] = [...view.assessments].find(([, judged]) => judged.judgements.length >= 2)!;
    const [first, second] = assessment.judgements;
    const coded = {
      ...assessment,
      judgements: [
        { ...first!, rationale: 'No rationale given by the model.', rationaleCode: 'no-rationale' as const },
        { ...second!, rationale: 'Not judged by the model.', rationaleCode: 'not-judged' as const },
      ],
    };
    view.assessments.set(claimId, coded);
    // A claim the sources said nothing about: no judgement, no citation, Factlight's own "no evidence".
    const unsourced = {
      claimId: 'c-none',
      verdict: 'could-not-check' as const,
      judgements: [],
      explanation: 'The enabled sources returned no evidence for this claim.',
      explanationCode: 'no-evidence' as const,
      citedEvidenceIds: [],
    };
    const [otherId] = [...view.assessments].find(([id]) => id !== claimId)!;
    view.assessments.set(otherId, { ...unsourced, claimId: otherId });
    await writeImportedChecks(target, parsed(exportChecksJson([view], ENGLISH)));
    const importedView = (await loadCheckView(target, 'chk-c'))!;
    const imported = importedView.assessments.get(claimId)!;
    expect(imported).toEqual(coded);
    expect(importedView.assessments.get(otherId)).toEqual({ ...unsourced, claimId: otherId });
    const spanish = await catalogue('es');
    setMessageSource(catalogueSource('es', spanish));
    expect(explanationWords(importedView.assessments.get(otherId)!)).toBe(spanish.explanationNoEvidence!.message);
    expect(imported.judgements.map((judged) => rationaleWords(judged))).toEqual([
      spanish.rationaleNotGiven!.message,
      spanish.rationaleNotJudged!.message,
    ]);
  });

  it('drops a "no evidence" code a file puts on a claim that was judged on evidence, and keeps its explanation', async () => {
    const view = await stored(buildCheckView({ id: 'chk-n' }));
    const [claimId, assessment] = [...view.assessments].find(([, judged]) => judged.judgements.length >= 1)!;
    view.assessments.set(claimId, { ...assessment, explanationCode: 'no-evidence' });
    await writeImportedChecks(target, parsed(exportChecksJson([view], ENGLISH)));
    const imported = (await loadCheckView(target, 'chk-n'))!.assessments.get(claimId)!;
    expect('explanationCode' in imported).toBe(false);
    expect(explanationWords(imported)).toBe(assessment.explanation);
  });

  it('drops a code this build does not know (or not a string) from an imported file, and keeps its English', async () => {
    const view = await stored(buildCheckView({ id: 'chk-u' }));
    const file = JSON.parse(exportChecksJson([view], ENGLISH)) as ChecksExport;
    const entry = file.checks[0]!.claims.find((claim) => (claim.assessment?.judgements.length ?? 0) >= 2)!;
    const planted = entry.assessment as unknown as Record<string, unknown> & {
      judgements: Array<Record<string, unknown>>;
    };
    planted.explanation = 'Planted words.';
    planted.explanationCode = '<img src=x onerror=alert(1)>';
    planted.judgements[0]!.rationale = 'Planted rationale.';
    planted.judgements[0]!.rationaleCode = 'from-a-newer-version';
    planted.judgements[1]!.rationaleCode = { code: 'not-judged' };
    await writeImportedChecks(target, parsed(JSON.stringify(file)));
    const row = (await target.claims.get(`chk-u:${entry.claim.id}`))!.assessment!;
    expect(row.explanation).toBe('Planted words.');
    expect('explanationCode' in row).toBe(false);
    expect(row.judgements[0]!.rationale).toBe('Planted rationale.');
    expect(row.judgements.every((judged) => !('rationaleCode' in judged))).toBe(true);
    setMessageSource(catalogueSource('es', await catalogue('es')));
    expect(explanationWords(row)).toBe('Planted words.');
    expect(rationaleWords(row.judgements[0]!)).toBe('Planted rationale.');
  });

  it('keeps the composed words of Wikidata and fact-check evidence through the database, an export and an import', async () => {
    const original = await stored(buildCheckView({ id: 'chk-k', patchEvidence: composedEvidence }));
    expect(original.evidence.filter((item) => item.composed).map((item) => item.composed!.code)).toEqual([
      'wikidata-statement',
      'fact-check-review',
    ]);
    const file = exportChecksJson([original], ENGLISH);
    expect((JSON.parse(file) as ChecksExport).checks[0]!.evidence[0]!.composed).toEqual(STATEMENT);
    await writeImportedChecks(target, parsed(file));
    const imported = (await loadCheckView(target, 'chk-k'))!;
    expect(imported.evidence).toEqual(original.evidence);
    setMessageSource(catalogueSource('es', await catalogue('es')));
    expect(evidencePassage(imported.evidence[0]!)).toBe('Eiffel Tower — height: 330 metre (fecha: 2022)');
  });

  it('drops composed words of the wrong shape, of an unknown code or over the wrong evidence, and keeps the passage', async () => {
    const view = await stored(buildCheckView({ id: 'chk-m', patchEvidence: composedEvidence }));
    const file = JSON.parse(exportChecksJson([view], ENGLISH)) as ChecksExport;
    const items = file.checks[0]!.evidence as unknown as Array<Record<string, unknown>>;
    const pages = items.filter((item) => item.origin === 'page');
    const [statement, review, page, other] = [items[0]!, items[1]!, pages[0]!, pages[1]!];
    statement.composed = { code: 'wikidata-statement', params: { ...STATEMENT.params, value: { kind: 'html' } } };
    review.composed = { ...REVIEW, params: { ...REVIEW.params, textualRating: { text: 'False' } } };
    page.composed = REVIEW;
    other.composed = { code: 'from-a-newer-version', params: {} };
    const result = parsed(JSON.stringify(file));
    expect(await writeImportedChecks(target, result)).toEqual({ imported: 1, skipped: 0 });
    const imported = (await loadCheckView(target, 'chk-m'))!;
    expect(imported.evidence.every((item) => !('composed' in item))).toBe(true);
    expect(imported.evidence.map((item) => item.passage)).toEqual(view.evidence.map((item) => item.passage));
    setMessageSource(catalogueSource('es', await catalogue('es')));
    expect(evidencePassage(imported.evidence[0]!)).toBe(view.evidence[0]!.passage);
  });

  it('drops composed words that do not say what the file’s English passage and title say', async () => {
    const view = await stored(buildCheckView({ id: 'chk-f', patchEvidence: composedEvidence }));
    const file = JSON.parse(exportChecksJson([view], ENGLISH)) as ChecksExport;
    const evidence = file.checks[0]!.evidence as unknown as Array<Record<string, unknown>>;
    const [statement, review] = evidence;
    // A forged rating and value in Factlight's own sentence, beside the English the model read.
    review!.composed = { ...REVIEW, params: { ...REVIEW.params, textualRating: 'True' } };
    statement!.composed = { ...STATEMENT, params: { ...STATEMENT.params, value: { kind: 'text', text: '1 km' } } };
    // The statement's passage under another item's title.
    const source = { ...(statement!.source as object), title: 'Louvre (Wikidata)' };
    evidence.push({ ...statement!, id: 'c0-0:e99', source, composed: STATEMENT });
    // The statement's passage and title from another provider.
    const elsewhere = { ...(statement!.source as object), provider: 'serper' };
    evidence.push({ ...statement!, id: 'c0-0:e98', source: elsewhere, composed: STATEMENT });
    const imported = parsed(JSON.stringify(file)).checks[0]!.evidence.map((record) => record.evidence);
    expect(imported[0]).not.toHaveProperty('composed');
    expect(imported[0]!.passage).toBe('Eiffel Tower — height: 330 metre (as of 2022)');
    expect(imported[1]).not.toHaveProperty('composed');
    expect(imported[1]!.passage).toBe(composedEnglish(REVIEW).passage);
    expect(imported.slice(-2).map((item) => item.id)).toEqual(['c0-0:e99', 'c0-0:e98']);
    expect(imported.slice(-2).filter((item) => 'composed' in item)).toEqual([]);
  });

  it("gives the run's warnings in English words in the headline, a coded one too (the row lists it by key)", async () => {
    const notice: RunNotice = { code: 'passages-not-judged', left: 1, total: 3, claim: 'The wall' };
    const view = buildCheckView({ id: 'chk-w' });
    view.check.warnings = [noticeKey(notice), 'Brave Search refused the key (HTTP 401).'];
    view.check.notices = { [noticeKey(notice)]: notice };
    const file = JSON.parse(exportChecksJson([view], ENGLISH)) as ChecksExport;
    expect(file.checks[0]!.headline?.warnings).toEqual([
      `1 of 3 passages for "The wall" were not judged: the model's context window has no room for them.`,
      'Brave Search refused the key (HTTP 401).',
    ]);
  });

  it('skips checks that already exist, or repeat in the file, and leaves them untouched', async () => {
    const view = await stored(buildCheckView({ id: 'chk-1' }));
    const json = exportChecksJson([view], ENGLISH);
    await writeImportedChecks(target, parsed(json));
    await target.checks.update('chk-1', { pageTitle: 'Edited locally' });
    const other = await stored(buildCheckView({ id: 'chk-2' }));
    const twice = exportChecksJson([view, other, other], ENGLISH);
    expect(await writeImportedChecks(target, parsed(twice))).toEqual({ imported: 1, skipped: 2 });
    expect((await target.checks.get('chk-1'))?.pageTitle).toBe('Edited locally');
    expect(await target.checks.count()).toBe(2);
  });

  it('rebuilds ids and search words from the check, and never imports a check as running', async () => {
    const view = await stored(buildCheckView({ id: 'chk-1', status: 'running' }));
    const file = JSON.parse(exportChecksJson([view], ENGLISH)) as {
      checks: Array<{ check: Record<string, unknown>; sentences: Array<Record<string, unknown>> }>;
    };
    file.checks[0]!.check.searchWords = ['planted'];
    file.checks[0]!.sentences[0]!.checkId = 'someone-else';
    file.checks[0]!.sentences[0]!.id = 'someone-else:s0';
    await writeImportedChecks(target, parsed(JSON.stringify(file)));
    const check = (await target.checks.get('chk-1'))!;
    expect(check.searchWords).toEqual(view.check.searchWords);
    expect(check).toMatchObject({ status: 'cancelled', stopped: 'cancelled' });
    expect(await target.sentences.get('someone-else:s0')).toBeUndefined();
    expect((await target.sentences.get('chk-1:s0'))?.checkId).toBe('chk-1');
  });

  it("leaves out a draft's unsettled mark (this browser's bookkeeping, not part of the check)", async () => {
    const view = buildCheckView({ id: 'chk-1', status: 'running' });
    const file = JSON.parse(
      exportChecksJson([{ ...view, check: { ...view.check, unsettled: true } }], ENGLISH),
    ) as ChecksExport;
    expect(file.checks[0]!.check).not.toHaveProperty('unsettled');
  });

  it("never lets an imported check take over another check's rows (issue 24)", async () => {
    const victim = await stored(buildCheckView({ id: 'chk-1' }));
    await writeImportedChecks(target, parsed(exportChecksJson([victim], ENGLISH)));
    const before = await loadCheckView(target, 'chk-1');
    // The attack: a check named "<victim>:c0-0" whose evidence "e1" is keyed as the victim's "chk-1:c0-0:e1".
    const attack = JSON.parse(exportChecksJson([victim], ENGLISH)) as ChecksExport;
    const forged = attack.checks[0]!;
    forged.check.id = 'chk-1:c0-0';
    forged.evidence = forged.evidence.map((item) => ({ ...item, id: item.id.replace(/^c0-0:/, '') }));
    const result = parseChecksImport(JSON.stringify(attack));
    expect(result.ok ? 'accepted' : result.error).toMatch(
      /^The export is damaged: checks\.0\.check\.id: a check id is/,
    );
    // And should forged rows get past the parser, they are added, never put over existing ones: all or nothing.
    const rows = parsed(exportChecksJson([await stored(buildCheckView({ id: 'chk-2' }))], ENGLISH)).checks[0]!;
    const victimRow = (await target.evidence.toArray())[0]!;
    rows.evidence = [{ ...rows.evidence[0]!, id: victimRow.id }];
    await expect(writeImportedChecks(target, { checks: [rows] })).rejects.toThrow();
    expect(await loadCheckView(target, 'chk-1')).toEqual(before);
    expect(await target.checks.get('chk-2')).toBeUndefined();
  });

  it('explains bad files clearly', async () => {
    const good = JSON.parse(exportChecksJson([await stored(buildCheckView())], ENGLISH)) as ChecksExport;
    const error = (value: unknown) => {
      const result = parseChecksImport(typeof value === 'string' ? value : JSON.stringify(value));
      return result.ok ? 'accepted' : result.error;
    };
    expect(error('{"format": ')).toMatch(/^The file is not valid JSON/);
    expect(error([])).toMatch(/not a Factlight export/);
    expect(error({ ...good, format: 'other' })).toMatch(/not a Factlight export: "format" must be "factlight-checks"/);
    expect(error({ ...good, version: 2 })).toBe('Unsupported export version 2: this Factlight reads version 1.');
    expect(error({ ...good, version: undefined })).toMatch(/Unsupported export version none/);

    const damaged = structuredClone(good);
    (damaged.checks[0]!.claims[0]!.assessment as { verdict: string }).verdict = 'false';
    expect(error(damaged)).toMatch(/^The export is damaged: checks\.0\.claims\.0\.assessment\.verdict: /);
    const orphan = structuredClone(good);
    orphan.checks[0]!.evidence[0]!.claimId = 'c9-9';
    expect(error(orphan)).toContain('checks.0.evidence.0.claimId: no claim "c9-9" in this check');
    const outside = structuredClone(good);
    outside.checks[0]!.claims[0]!.claim.span = { start: 0, end: 10_000 };
    expect(error(outside)).toContain('checks.0.claims.0.claim.span: offsets outside the checked text');
    const missing = structuredClone(good);
    delete (missing.checks[0]!.check as Partial<ChecksExport['checks'][number]['check']>).text;
    expect(error(missing)).toContain('checks.0.check.text');
  });
});

describe('Markdown report', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('writes each label with the colon of the interface language, and the headline and failure in its words', async () => {
    const view = await stored(buildCheckView());
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const french = exportCheckMarkdown(view);
    expect(french).toContain(
      '- **En bref\u00a0:** ✗ 1 réfutée · 1 contestée · 1 étayée · 1 dont la vérification a échoué',
    );
    expect(french).toContain('Échec de l’évaluation\u00a0: 1 sur 4 affirmations\u00a0: Every search provider failed.');
    expect(french).not.toMatch(/[^\u00a0]:\*\*/);
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    const japanese = exportCheckMarkdown(view);
    expect(japanese).toContain(
      '- **結果：** ✗ 反証あり 1 件 · 見解が分かれる 1 件 · 裏付けあり 1 件 · 検証できなかった主張 1 件',
    );
    expect(japanese).not.toContain(':**');
  });

  it("words a link's coded reasons in the interface language; a link stored without codes keeps its English", async () => {
    const view = buildCheckView();
    const [read, gone] = view.links;
    view.links = [
      read!,
      {
        ...gone!,
        detail: 'The page at gone.example.com does not exist (404). The web archive has no copy of it.',
        reasons: [{ code: 'page-missing', host: 'gone.example.com', status: 404 }, { code: 'archive-none' }],
      },
    ];
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const french = exportCheckMarkdown(view);
    expect(french).toContain(
      '  - La page sur gone.example.com n’existe pas \\(404\\). L’archive du web n’en a aucune copie.',
    );
    expect(french).toContain('  - The page opened and has readable text.');
  });

  it('words the evidence Factlight composed in the interface language, isolated values in Arabic', async () => {
    const view = buildCheckView({ patchEvidence: composedEvidence });
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    const spanish = exportCheckMarkdown(view);
    expect(spanish).toContain('1. [Eiffel Tower \\(Wikidata\\)](');
    expect(spanish).toContain('   - Fragmento: «Eiffel Tower — height: 330 metre \\(fecha: 2022\\)»');
    expect(spanish).toContain(
      '   - Fragmento: «Verificación de PolitiFact, 2 may 2024: la afirmación «The wall is visible.» recibió la calificación «False».»',
    );
    expect(spanish).not.toContain('as of 2022');
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    expect(exportCheckMarkdown(view)).toContain('\u2068The wall is visible.\u2069');
  });

  it("words Factlight's own rationales in the interface language", async () => {
    const view = buildCheckView();
    const [claimId, assessment] = [...view.assessments].find(([, judged]) => judged.judgements.length >= 2)!;
    const [first, second] = assessment.judgements;
    view.assessments.set(claimId, {
      ...assessment,
      judgements: [
        { ...first!, rationale: 'No rationale given by the model.', rationaleCode: 'no-rationale' },
        { ...second!, stance: 'irrelevant', rationale: 'Not judged by the model.', rationaleCode: 'not-judged' },
      ],
    });
    const french = await catalogue('fr');
    setMessageSource(catalogueSource('fr', french, await catalogue('en')));
    const markdown = exportCheckMarkdown(view);
    // The label's colon as French writes it, and the passage quoted as French quotes.
    expect(markdown).toContain(`   - Justification\u00a0: ${french.rationaleNotGiven!.message}`);
    expect(markdown).toContain(`   - Justification\u00a0: ${french.rationaleNotJudged!.message}`);
    expect(markdown).toMatch(/ {3}- Passage\u00a0: «\u00a0.+\u00a0»\n/);
    expect(markdown).not.toContain('Passage: “');
    expect(markdown).not.toContain('by the model.');
  });

  it("keeps the model's English rationale in its own direction in an Arabic export", async () => {
    const view = buildCheckView();
    const [claimId, assessment] = [...view.assessments].find(([, judged]) => judged.judgements.length >= 1)!;
    const [first, ...rest] = assessment.judgements;
    view.assessments.set(claimId, {
      ...assessment,
      judgements: [{ ...first!, rationale: 'The page says so in 1889.', rationaleCode: undefined }, ...rest],
    });
    const arabic = await catalogue('ar');
    setMessageSource(catalogueSource('ar', arabic, await catalogue('en')));
    const markdown = exportCheckMarkdown(view);
    expect(markdown).toContain(
      `   - ${arabic.md_rationale!.message.replace('$RATIONALE$', '\u2068The page says so in 1889.\u2069')}`,
    );
  });

  it("joins a link's sentences as Japanese and Chinese do, with no zero-width space in the export", async () => {
    const view = buildCheckView();
    const [read, gone] = view.links;
    view.links = [
      read!,
      {
        ...gone!,
        reasons: [{ code: 'page-missing', host: 'gone.example.com', status: 404 }, { code: 'archive-none' }],
      },
    ];
    for (const locale of ['ja', 'zh_CN']) {
      const words = await catalogue(locale);
      setMessageSource(catalogueSource(locale, words, await catalogue('en')));
      const markdown = exportCheckMarkdown(view);
      expect(markdown).not.toContain('\u200b');
      // The two sentences side by side, as these languages write them.
      const missing = words
        .linkReasonPageMissing!.message.replace('$HOST$', 'gone.example.com')
        .replace('$STATUS$', '404');
      const [first, next] = [missing, words.linkReasonArchiveNone!.message].map((text) =>
        text.replace(/([()])/g, '\\$1'),
      );
      expect(markdown).toContain(`  - ${first}${next}`);
    }
  });

  it('reports the text, scores, sentences, claims, evidence and revisions', async () => {
    const markdown = exportCheckMarkdown(await stored(buildCheckView()));
    // The headline first: what is wrong leads; the failure said once; the average second, with what it averages.
    expect(markdown).toContain(
      '- **Headline:** ✗ 1 refuted · 1 disputed · 1 supported · 1 could not be checked\n- **Why:** 1 of 4 claims could not be judged: Every search provider failed.',
    );
    expect(markdown).toContain('- **Claims:** 3 of 4 claims checked');
    expect(markdown).toContain('- Average support from sources: 50% across 3 judged claims');
    expect(markdown).toContain('- **Page:** [Five facts about the world](<https://news.example.com/story>)');
    expect(markdown).toContain(
      '1. **[✗ not credible 0%]** The Great Wall of China is visible from the Moon with the naked eye.',
    );
    expect(markdown).toContain('- **Verdict:** Refuted (credibility 0%)');
    expect(markdown).toContain('- **Verdict:** Could not check');
    expect(markdown).toContain('- **Why not checked:** Every search provider failed.');
    // Evidence read from a page links to its passage with a text fragment.
    expect(markdown).toMatch(
      /1\. \[scientific report c0-0 \\#0\]\(<https:\/\/scientific\.example\.org\/c0-0\/0#:~:text=[^>\s]+>\) — The scientific site · Scientific · .*2019.* · Refutes/,
    );
    expect(markdown).toContain('search snippet');
    expect(markdown).toContain(
      '  - **Revised:** The Great Wall of China is not visible from the Moon with the naked eye.',
    );
    expect(markdown).toContain(
      '- **How useful the explanation is:** 3.8 of 5 (names the errors: all; gives the corrections: some; links that work and back it: 1.5 of 2)',
    );
    expect(markdown).toContain('- **Unsupported citations:** [2] in sentence 1');
    expect(markdown).toContain('## Sources in this text');
    expect(markdown).toContain(
      '- [Wall myths](<https://nasa.example.gov/wall>) (whole text) — Works · On topic, but does not support the sentence',
    );
    expect(markdown).toContain('— Dead · Content not available');
  });

  it('labels rated sources and flags the text citing a low-rated site', async () => {
    // nasa.example.gov is the text's own citation; scientific.example.org an evidence source.
    const ratings = parseRatingsTable('nasa.example.gov\t150\t\nscientific.example.org\t900\t\n');
    const markdown = exportCheckMarkdown(await stored(buildCheckView()), ratings);
    expect(markdown).toContain('> ⚠ This text cites a source rated low reliability: nasa.example.gov.');
    expect(markdown).toContain(
      '— Works · On topic, but does not support the sentence · Rated low reliability (nasa.example.gov)',
    );
    expect(markdown).toMatch(
      / — The scientific site · Scientific · Rated high reliability \(scientific\.example\.org\) · /,
    );
    // Without ratings (or with none low) there is no flag.
    expect(exportCheckMarkdown(await stored(buildCheckView()))).not.toContain('rated low');
  });

  it('flags the text citing a low-rated site in the interface language', async () => {
    const ratings = parseRatingsTable('nasa.example.gov\t150\t\n');
    const view = await stored(buildCheckView());
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(exportCheckMarkdown(view, ratings)).toContain(
      '> ⚠ Ce texte cite 1 source jugée peu fiable : nasa.example.gov.',
    );
  });

  it('reports an evidence-only check as sources to compare, never as "could not check"', async () => {
    // What the background stores with no model: claims and ranked evidence, no assessments, the neutral band.
    const judged = buildCheckView();
    const view: CheckView = {
      ...judged,
      check: {
        ...judged.check,
        evidenceOnly: true,
        band: 'neutral',
        score: null,
        claimsChecked: 0,
        claimsTotal: 4,
        stage: 'done',
      },
      claims: judged.claims.filter((claim) => claim.id !== 'c1-1'),
      evidence: judged.evidence.filter((item) => item.claimId !== 'c1-1'),
      assessments: new Map(),
      revisions: [],
      links: [],
      actionability: new Map(),
      attribution: new Map(),
    };
    const ratings = parseRatingsTable('scientific.example.org\t900\t\n');
    const markdown = exportCheckMarkdown(await stored(view), ratings);
    expect(markdown).toContain('- **Headline:** ◇ Sources to compare: 4 found for 3 sentences');
    expect(markdown).toContain('- **Looked up:** 4 sources found · 3 of 4 sentences looked up');
    // In the catalogue's words, like every line of the report (not the CLI's English sentence).
    expect(markdown).toContain('- **Not judged:** verdicts need a model.\n');
    expect(markdown).not.toContain('Sources only');
    expect(markdown).toContain(
      '1. **[◇ Sources to compare: 2 found]** The Great Wall of China is visible from the Moon with the naked eye.',
    );
    expect(markdown).toContain('3. **[not looked up]** I think history is fascinating.');
    expect(markdown).toContain('4. **[◇ No sources found]** Mount Everest is 8,849 metres tall.');
    expect(markdown).toContain('## Sources to compare');
    expect(markdown).toContain('- **Not judged:** verdicts need a model.');
    // Best passages, best first, with passage links (text fragments) and reliability labels.
    expect(markdown).toMatch(
      /1\. \[scientific report c0-0 \\#0\]\(<https:\/\/scientific\.example\.org\/c0-0\/0#:~:text=[^>\s]+>\) — The scientific site · Scientific · Rated high reliability \(scientific\.example\.org\) · .* · Not judged/,
    );
    expect(markdown).toContain('   - Passage: “The Great Wall is not visible from the Moon without aid, NASA says.”');
    expect(markdown.indexOf('scientific report c0-0')).toBeLessThan(markdown.indexOf('news report c0-0'));
    // None of the judged report's vocabulary.
    expect(markdown).not.toMatch(/Unknown|Could not check|claims checked|Verdict|Refutes|Supports/);
  });

  it('keeps hostile text from becoming links, images or HTML', async () => {
    const hostile =
      'See [click](javascript:alert(1)) and ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> https://evil.example www.evil.example a@evil.example ``` end';
    const view = buildCheckView({
      sentences: [hostile, 'Marie Curie won two Nobel Prizes.', 'I think so.', 'Everest is tall.'],
      rationale: hostile,
      patchEvidence: (item) => ({
        ...item,
        passage: hostile,
        source: {
          ...item.source,
          title: hostile,
          url: item.claimId === 'c0-0' ? 'javascript:alert(1)' : item.source.url,
        },
      }),
    });
    const markdown = exportCheckMarkdown(await stored(view));
    // Link destinations are checked below; a text fragment carries passage words, percent-encoded.
    const outsideCode = markdown.replace(/^(`{3,})text\n[\s\S]*?\n\1$/m, '').replace(/\]\(<[^>]*>\)/g, '](<…>)');
    expect(outsideCode).not.toMatch(/(^|[^\\])!\[/);
    expect(outsideCode).not.toMatch(/(^|[^\\])\[click\]/);
    expect(outsideCode).not.toMatch(/(^|[^\\])<img/);
    expect(outsideCode).not.toContain('https://evil');
    expect(outsideCode).not.toContain('www.evil');
    expect(outsideCode).not.toContain('(<javascript:');
    expect(outsideCode).toContain('(javascript:alert\\(1\\))'); // shown, not linked
    // The text itself sits verbatim in a fence longer than any backtick run inside it.
    expect(markdown).toContain(`\`\`\`\`text\n${view.check.text}\n\`\`\`\``);
    // Only http(s) evidence URLs become link destinations.
    const destinations = [...markdown.matchAll(/\]\(<([^>]*)>\)/g)].map((match) => match[1]);
    expect(destinations.length).toBeGreaterThan(0);
    expect(destinations.every((url) => /^https?:\/\//.test(url!))).toBe(true);
    // A fragment quoting hostile text cannot end the destination or start HTML: it is percent-encoded.
    expect(destinations.every((url) => !/[\s<>"`]/.test(url!))).toBe(true);
    expect(destinations.some((url) => url!.includes(':~:text='))).toBe(true);
  });
});
