import { describe, expect, it } from 'vitest';

import { getEntities, searchEntities } from '../../../../../scripts/lib/servers/wikidata-world';

const params = (query: Record<string, string>) => new URLSearchParams(query);

describe('the loopback Wikidata (wikidata-world.ts)', () => {
  it('finds the Eiffel Tower by a prefix of its English label, in the shape wbsearchentities answers', () => {
    const answer = searchEntities(params({ search: 'eiffel tow', language: 'en', type: 'item', limit: '3' }));
    expect(answer).toEqual({
      searchinfo: { search: 'eiffel tow' },
      search: [
        expect.objectContaining({
          id: 'Q243',
          label: 'Eiffel Tower',
          concepturi: 'http://www.wikidata.org/entity/Q243',
          match: { type: 'label', language: 'en', text: 'Eiffel Tower' },
        }),
      ],
      success: 1,
    });
  });

  it('falls back to English labels unless the search is strict to its language, and finds the Japanese label', () => {
    const hit = (query: Record<string, string>) =>
      (searchEntities(params(query)) as { search: Array<{ id: string; match: object; label?: string }> }).search;
    expect(hit({ search: 'Eiffel Tower', language: 'ja' })).toEqual([
      expect.objectContaining({
        id: 'Q243',
        label: 'エッフェル塔',
        match: { type: 'label', language: 'en', text: 'Eiffel Tower' },
      }),
    ]);
    expect(hit({ search: 'Eiffel Tower', language: 'ja', strictlanguage: '' })).toEqual([]);
    expect(hit({ search: 'エッフェル', language: 'ja', strictlanguage: '' })).toEqual([
      expect.objectContaining({ id: 'Q243', match: { type: 'label', language: 'ja', text: 'エッフェル塔' } }),
    ]);
    // The French label of the repository's fixture is found in French, and a French search falls back too.
    expect(hit({ search: 'tour eiffel', language: 'fr' })).toEqual([expect.objectContaining({ id: 'Q243' })]);
  });

  it('brings an out-of-range limit into range with a warning, as the real API does', () => {
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', limit: '100' }))).toMatchObject({
      search: [expect.objectContaining({ id: 'Q243' })],
      warnings: { wbsearchentities: { '*': 'The value "100" for parameter "limit" must be between 1 and 50.' } },
    });
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', limit: '0' }))).toMatchObject({
      search: [expect.objectContaining({ id: 'Q243' })],
      warnings: { wbsearchentities: { '*': 'The value "0" for parameter "limit" must be between 1 and 50.' } },
    });
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', limit: '50' }))).not.toHaveProperty('warnings');
  });

  it('finds nothing for another name, and refuses what the real module refuses', () => {
    expect(searchEntities(params({ search: 'The Eiffel Tower', language: 'en' }))).toMatchObject({ search: [] });
    expect(searchEntities(params({ language: 'en' }))).toMatchObject({ error: { code: 'missingparam' } });
    expect(searchEntities(params({ search: 'Eiffel' }))).toMatchObject({ error: { code: 'missingparam' } });
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', type: 'place' }))).toMatchObject({
      error: { code: 'badvalue' },
    });
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', limit: 'many' }))).toMatchObject({
      error: { code: 'badinteger' },
    });
    // An unknown parameter is a warning on the real API, not an error.
    expect(searchEntities(params({ search: 'Eiffel', language: 'en', colour: 'red' }))).toMatchObject({
      search: [expect.objectContaining({ id: 'Q243' })],
      warnings: { main: { '*': 'Unrecognized parameter: colour.' } },
    });
  });

  it('gives entities with the parts and languages asked for; unknown ids are missing, malformed ones an error', () => {
    const answer = getEntities(params({ ids: 'Q243|Q999999999', props: 'labels|claims', languages: 'en' }));
    expect(answer).toMatchObject({
      entities: {
        Q243: {
          type: 'item',
          id: 'Q243',
          labels: { en: { language: 'en', value: 'Eiffel Tower' } },
          claims: {
            P571: [
              {
                mainsnak: {
                  snaktype: 'value',
                  property: 'P571',
                  datatype: 'time',
                  datavalue: { type: 'time', value: { time: '+1887-01-00T00:00:00Z', precision: 10 } },
                },
                rank: 'normal',
              },
            ],
            P1619: [
              {
                mainsnak: {
                  property: 'P1619',
                  datavalue: { type: 'time', value: { time: '+1889-03-31T00:00:00Z', precision: 11 } },
                },
              },
            ],
          },
        },
        Q999999999: { id: 'Q999999999', missing: '' },
      },
      success: 1,
    });
    expect(answer).not.toHaveProperty('entities.Q243.descriptions');
    expect(getEntities(params({ ids: 'P571', props: 'labels', languages: 'ja' }))).toMatchObject({
      entities: { P571: { labels: {} } },
    });
    expect(getEntities(params({ ids: 'tower' }))).toMatchObject({ error: { code: 'no-such-entity', id: 'tower' } });
    expect(getEntities(params({ ids: 'Q243', props: 'everything' }))).toMatchObject({ error: { code: 'badvalue' } });
    expect(getEntities(params({}))).toMatchObject({ error: { code: 'param-missing' } });
    const many = Array.from({ length: 51 }, (_, i) => `Q${i + 1}`).join('|');
    expect(getEntities(params({ ids: many }))).toMatchObject({ error: { code: 'toomanyvalues' } });
  });
});
