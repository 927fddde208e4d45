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
                  datavalue: { type: 'time', value: { time: '+1889-03-31T00:00:00Z', precision: 11 } },
                },
                rank: 'normal',
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
