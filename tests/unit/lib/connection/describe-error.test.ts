/**
 * A failed connection test in words a person can act on: the fix for a refused Origin names the value to set,
 * kept in its own left-to-right order inside a right-to-left sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { describeFailure } from '../../../../lib/connection/describe-error';
import { ProviderError } from '../../../../lib/core/errors';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { shippedCatalogue } from '../../support/catalogue-keys';

afterEach(() => setMessageSource(browserSource()));

const refused = () => describeFailure(new ProviderError('forbidden-origin', 'Ollama refused requests (403).'));

describe('the fix for an Origin Ollama refused', () => {
  it('names the origins as they are typed, plain in English', () => {
    setMessageSource(catalogueSource('en', shippedCatalogue('en') as Catalogue));
    expect(refused().fix).toContain('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*');
  });

  it('isolates the origins in an Arabic interface', () => {
    setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as Catalogue, shippedCatalogue('en') as Catalogue));
    expect(refused().fix).toContain('\u2068chrome-extension://*,moz-extension://*\u2069');
  });
});
