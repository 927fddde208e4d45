import { describe, expect, it } from 'vitest';

import { classifySources } from '../../../../../../lib/core/evidence/sources/classify-sources';
import type { ModelCallContext } from '../../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../../lib/core/model/usage-meter';
import type { RunNotice } from '../../../../../../lib/core/notices';
import { MemoryCache, reply, ScriptedModel, type Step } from '../../../../support/model-fakes';

const context = (steps: Step[], cache?: MemoryCache) => {
  const model = new ScriptedModel(steps);
  const warnings: string[] = [];
  const notices: RunNotice[] = [];
  const ctx: ModelCallContext & { onWarning: (m: string, notice?: RunNotice) => void } = {
    model,
    clock: { now: () => Date.UTC(2026, 10, 22) },
    meter: new UsageMeter(),
    cacheTtlMs: 1000,
    onWarning: (m, notice) => {
      warnings.push(m);
      if (notice) notices.push(notice);
    },
    ...(cache ? { cache } : {}),
  };
  return { ctx, model, warnings, notices };
};
const json = (value: unknown) => reply(JSON.stringify(value));

describe('source types', () => {
  it('uses rules for known hosts, one call for the rest, and the cache after that', async () => {
    const cache = new MemoryCache();
    const first = context(
      [
        json({
          hosts: [
            { host: 'quokka-facts.net', type: 'blog' },
            { host: 'acme-shop.com', type: 'other' },
          ],
        }),
      ],
      cache,
    );
    const samples = [
      { host: 'en.wikipedia.org', title: 'Quokka' },
      { host: 'quokka-facts.net', title: 'All about quokkas' },
      { host: 'acme-shop.com', title: 'Buy' },
      { host: 'quokka-facts.net', title: 'More' },
    ];
    const types = await classifySources(first.ctx, samples);
    expect(Object.fromEntries(types)).toEqual({
      'en.wikipedia.org': 'wiki',
      'quokka-facts.net': 'blog',
      'acme-shop.com': 'other',
    });
    expect(first.model.calls).toHaveLength(1);
    expect(first.model.calls[0]!.messages[1]!.content).not.toContain('wikipedia');
    const second = context([], cache);
    expect(Object.fromEntries(await classifySources(second.ctx, samples))).toEqual(Object.fromEntries(types));
    expect(second.model.calls).toHaveLength(0);
  });

  it("types a host by its host rule, whatever a page's path says", async () => {
    const { ctx, model } = context([]);
    const types = await classifySources(ctx, [
      { host: 'reuters.com', title: 'Fact check: quokkas' },
      { host: 'lemonde.fr', title: 'Les Décodeurs' },
    ]);
    expect(Object.fromEntries(types)).toEqual({ 'reuters.com': 'news', 'lemonde.fr': 'news' });
    expect(model.calls).toHaveLength(0);
  });

  it('shows unclassified hosts as "other" with a warning when the call fails', async () => {
    const { ctx, warnings, notices } = context([new Error('boom'), new Error('boom')]);
    const types = await classifySources(ctx, [{ host: 'unknown.example', title: 'A' }]);
    expect(types.get('unknown.example')).toBe('other');
    expect(warnings).toEqual(['Source types could not be classified: boom']);
    // …listed by those English words, with a code beside them that the views word when shown.
    expect(notices).toEqual([{ code: 'source-types-not-classified', cause: 'boom' }]);
  });
});
