import { describe, expect, it } from 'vitest';

import {
  type ClaimEntry,
  claimEntrySchema,
  searchableClaimSchemaFor,
} from '../../../../../lib/core/claims/claim-prompt';
import { ClaimStreamParser } from '../../../../../lib/core/claims/claim-stream-parser';

const entry = (claim: string, extra: Partial<ClaimEntry> = {}): ClaimEntry => ({
  claim,
  sourceQuote: claim,
  checkWorthy: true,
  subject: 'subject',
  predicate: 'is',
  object: 'object',
  query: `${claim} query`,
  question: `Is it true that ${claim}?`,
  englishQuery: null,
  englishQuestion: null,
  ...extra,
});

/** Feeds `text` in pieces of the given sizes (cycled), recording every claim handed over. */
function feed(text: string, sizes: number[], ids = [0, 1, 2]) {
  const seen: Array<{ sentence: number; claim: string }> = [];
  const parser = new ClaimStreamParser(new Set(ids), claimEntrySchema, (sentence, value) =>
    seen.push({ sentence, claim: value.claim }),
  );
  let position = 0;
  for (let i = 0; position < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    parser.write(text.slice(position, position + size));
    position += size;
  }
  return { parser, seen };
}

const reply = {
  sentences: [
    { id: 0, claims: [entry('The tower is "330 metres" tall'), entry('Zoë visited Zürich — 東京 too 😀')] },
    { id: 1, claims: [entry('Curie won two Nobel Prizes')] },
  ],
};

describe('ClaimStreamParser', () => {
  it('hands over each claim once, whatever the chunk boundaries, with escaped quotes and unicode intact', () => {
    // JSON.stringify escapes the quotes; \u escapes (incl. a surrogate pair) are written the way some servers send
    // them.
    const text = JSON.stringify(reply).replace('Zoë', 'Zo\\u00eb').replace('😀', '\\ud83d\\ude00');
    for (const sizes of [[1], [2], [3, 7], [5, 1, 11], [text.length]]) {
      const { parser, seen } = feed(text, sizes);
      expect(seen).toEqual([
        { sentence: 0, claim: 'The tower is "330 metres" tall' },
        { sentence: 0, claim: 'Zoë visited Zürich — 東京 too 😀' },
        { sentence: 1, claim: 'Curie won two Nobel Prizes' },
      ]);
      expect([...parser.completeSentences()]).toEqual([0, 1]);
      expect(parser.malformed).toBe(false);
    }
  });

  it('splits a multi-byte character and an escape sequence across chunks', () => {
    const text = JSON.stringify({ sentences: [{ id: 2, claims: [entry('Café \\"quoted\\" ✓')] }] });
    const cut = text.indexOf('\\\\');
    const { seen } = feed(text, [cut + 1, 1, 3]);
    expect(seen).toEqual([{ sentence: 2, claim: 'Café \\"quoted\\" ✓' }]);
  });

  it('hands over claims as soon as each closes, before the reply ends', () => {
    const text = JSON.stringify(reply);
    const firstEnd = text.indexOf('}', text.indexOf('"englishQuestion"')) + 1;
    const { parser, seen } = feed(text.slice(0, firstEnd), [firstEnd]);
    expect(seen.map((s) => s.claim)).toEqual(['The tower is "330 metres" tall']);
    // Not complete: the sentence's entry has not closed yet.
    expect(parser.completeSentences().size).toBe(0);
  });

  it('keeps what arrived when the stream ends mid-claim, and reports only closed sentences complete', () => {
    const text = JSON.stringify(reply);
    const cut = text.indexOf('Curie') + 3; // inside sentence 1's only claim
    const { parser, seen } = feed(text.slice(0, cut), [4]);
    expect(seen.map((s) => s.claim)).toEqual(['The tower is "330 metres" tall', 'Zoë visited Zürich — 東京 too 😀']);
    expect([...parser.completeSentences()]).toEqual([0]);
  });

  it('stops at a malformed chunk, keeping the claims before it', () => {
    const text = JSON.stringify(reply);
    const sentence1 = text.indexOf('{"id":1');
    const { parser, seen } = feed(`${text.slice(0, sentence1)}{"id":1,"claims":[{"claim":"broken",,}]}]}`, [9]);
    expect(parser.malformed).toBe(true);
    expect(seen.map((s) => s.claim)).toEqual(['The tower is "330 metres" tall', 'Zoë visited Zürich — 東京 too 😀']);
    expect([...parser.completeSentences()]).toEqual([0]);
    // Later text is ignored rather than thrown on.
    expect(() => parser.write('{"sentences":[]}')).not.toThrow();
  });

  it('skips a claim that fails its schema and leaves its sentence incomplete', () => {
    const bad = { claim: 'No query fields', sourceQuote: 'x', checkWorthy: true };
    const text = JSON.stringify({
      sentences: [
        { id: 0, claims: [entry('Valid one'), bad, entry('Valid two')] },
        { id: 1, claims: [entry('Fine')] },
      ],
    });
    const { parser, seen } = feed(text, [6]);
    expect(seen.map((s) => s.claim)).toEqual(['Valid one', 'Valid two', 'Fine']);
    expect([...parser.completeSentences()]).toEqual([1]);
  });

  it('waits for a sentence id written after its claims, and ignores sentences it did not ask about', () => {
    const text = `Here is the JSON:\n\`\`\`json\n{"sentences":[{"claims":[${JSON.stringify(entry('Late id'))}],"id":2},{"id":9,"claims":[${JSON.stringify(entry('Not asked'))}]}]}\n\`\`\``;
    const { parser, seen } = feed(text, [8]);
    expect(seen).toEqual([{ sentence: 2, claim: 'Late id' }]);
    expect([...parser.completeSentences()]).toEqual([2]);
    expect(parser.malformed).toBe(false);
  });

  it('drops empty claims, as the final reply processing does', () => {
    const text = JSON.stringify({ sentences: [{ id: 0, claims: [entry('  '), entry('Real')] }] });
    const { seen } = feed(text, [5]);
    expect(seen.map((s) => s.claim)).toEqual(['Real']);
  });

  describe('searchable claims (search starts before the quote and triple are written)', () => {
    /** The keys in the schema's order, as strict structured outputs write them. */
    const ordered = (value: ClaimEntry) =>
      Object.fromEntries(Object.keys(claimEntrySchema.shape).map((key) => [key, value[key as keyof ClaimEntry]]));
    const text = JSON.stringify({
      sentences: [
        {
          id: 0,
          claims: [
            ordered(entry('The tower is "330 metres" tall')),
            ordered(entry('I love it', { checkWorthy: false, query: '', question: '' })),
          ],
        },
        { id: 1, claims: [ordered(entry('')), ordered(entry('Curie won two Nobel Prizes'))] },
      ],
    });

    function feedSearchable(sizes: number[]) {
      const log: string[] = [];
      const parser = new ClaimStreamParser(
        new Set([0, 1]),
        claimEntrySchema,
        (sentence, value, position) => log.push(`whole ${sentence}/${position} ${value.claim}`),
        {
          schema: searchableClaimSchemaFor('en'),
          onSearchable: (sentence, fields, position) =>
            log.push(`searchable ${sentence}/${position} ${fields.claim} | ${fields.query} | ${fields.question}`),
        },
      );
      let position = 0;
      for (let i = 0; position < text.length; i++) {
        const size = sizes[i % sizes.length]!;
        parser.write(text.slice(position, position + size));
        position += size;
      }
      return log;
    }

    it('reports a check-worthy claim once its queries are written, before its whole object, whatever the chunks', () => {
      for (const sizes of [[1], [3, 7], [text.length]]) {
        expect(feedSearchable(sizes)).toEqual([
          'searchable 0/0 The tower is "330 metres" tall | The tower is "330 metres" tall query | Is it true that The tower is "330 metres" tall?',
          'whole 0/0 The tower is "330 metres" tall',
          // Not check-worthy: never searched, handed over whole only.
          'whole 0/1 I love it',
          // An empty claim is neither searched nor handed over.
          'searchable 1/1 Curie won two Nobel Prizes | Curie won two Nobel Prizes query | Is it true that Curie won two Nobel Prizes?',
          'whole 1/1 Curie won two Nobel Prizes',
        ]);
      }
    });

    it('reports it while the quote is still to come', () => {
      const cut = text.indexOf('"sourceQuote"');
      const seen: string[] = [];
      const parser = new ClaimStreamParser(new Set([0, 1]), claimEntrySchema, () => seen.push('whole'), {
        schema: searchableClaimSchemaFor('en'),
        onSearchable: () => seen.push('searchable'),
      });
      parser.write(text.slice(0, cut));
      expect(seen).toEqual(['searchable']);
    });

    it('waits for the English versions of the queries in a text not in English', () => {
      const german = JSON.stringify({
        sentences: [
          {
            id: 0,
            claims: [
              ordered(
                entry('Der Turm ist 330 Meter hoch', {
                  englishQuery: 'tower 330 metres',
                  englishQuestion: 'How tall is the tower?',
                }),
              ),
            ],
          },
        ],
      });
      const seen: string[] = [];
      const parser = new ClaimStreamParser(new Set([0]), claimEntrySchema, () => seen.push('whole'), {
        schema: searchableClaimSchemaFor('de'),
        onSearchable: (_s, fields) => seen.push(`searchable ${fields.englishQuestion}`),
      });
      parser.write(german.slice(0, german.indexOf('"englishQuestion"')));
      expect(seen).toEqual([]);
      parser.write(german.slice(german.indexOf('"englishQuestion"'), german.indexOf('"sourceQuote"')));
      expect(seen).toEqual(['searchable How tall is the tower?']);
    });
  });
});
