import { describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../lib/core/pipeline-types';
import { fakeRun } from '../../support/fake-run';

const PAGE = 'Quokkas live on Rottnest Island. They are small marsupials. Visitors often photograph them.';

describe('source types in a check', () => {
  it("keeps a page's path-rule type when another page of its host is typed differently", async () => {
    const { deps, options } = fakeRun({
      'https://www.reuters.com/fact-check/quokka-smile': PAGE,
      'https://www.reuters.com/world/quokka-smile': PAGE,
      'https://quokka-daily.example/fact-check/q': PAGE,
      'https://quokka-daily.example/news/q': PAGE,
    });
    const events: PipelineEvent[] = [];
    const result = await runCheck('Quokkas live on Rottnest Island.', deps, {
      ...options,
      onEvent: (event) => events.push(event),
    });
    const typeOf = (url: string) => result.evidence.find((item) => item.source.url === url)?.source.sourceType;
    expect(typeOf('https://www.reuters.com/fact-check/quokka-smile')).toBe('fact-check');
    expect(typeOf('https://www.reuters.com/world/quokka-smile')).toBe('news');
    // An unknown host is typed by the model, but its fact-check desk stays a fact-check.
    expect(typeOf('https://quokka-daily.example/fact-check/q')).toBe('fact-check');
    expect(typeOf('https://quokka-daily.example/news/q')).toBe('blog');
    const types = events.find((event) => event.type === 'source-types');
    expect(types).toMatchObject({ types: { 'reuters.com': 'news', 'quokka-daily.example': 'blog' } });
  });
});
