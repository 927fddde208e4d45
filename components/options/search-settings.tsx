import { t } from '../../lib/i18n/i18n';
import type { FormUpdate, OptionsForm } from '../../lib/settings/options-form';
import { SEARCH_PROVIDER_IDS } from '../../lib/settings/search-keys';
import { SearchProviderRow } from './search-provider-row';

/** All evidence sources; several may be on at once. */
export function SearchSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading">{t('optionsSearchHeading')}</h2>
      <p className="hint">{t('optionsSearchHint')}</p>
      {SEARCH_PROVIDER_IDS.map((provider) => (
        <SearchProviderRow key={provider} provider={provider} form={form} update={update} />
      ))}
    </section>
  );
}
