/**
 * "Interface language": follow the browser, or one of the shipped locales, each named in its own language
 * (Intl.DisplayNames) so a person who cannot read the current one still finds theirs. Applies at once:
 * saved apart from the form's Save (it is not a setting of checks), and the page re-renders in the new
 * words keeping whatever the form holds.
 */
import { useEffect, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import { LOCALES, toLanguageTag } from '../../lib/i18n/catalogue';
import { t } from '../../lib/i18n/i18n';
import { type InterfaceLanguage, parseInterfaceLanguage, readInterfaceLanguage } from '../../lib/i18n/language-setting';
import { chooseInterfaceLanguage } from '../../lib/i18n/page-language';

/** A language's own name for itself, capitalised as a menu item: "Español", "Deutsch", "العربية". */
export function ownName(locale: string): string {
  const tag = toLanguageTag(locale);
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

export function InterfaceLanguageField() {
  const [language, setLanguage] = useState<InterfaceLanguage>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    readInterfaceLanguage().then(setLanguage, () => setLanguage('browser'));
  }, []);

  const choose = async (value: string) => {
    const chosen = parseInterfaceLanguage(value);
    setLanguage(chosen);
    setFailure(undefined);
    try {
      await chooseInterfaceLanguage(chosen);
    } catch (error) {
      setFailure(t('interfaceLanguageNotSaved', { error: errorMessage(error) }));
    }
  };

  return (
    <div className="field">
      <label htmlFor="interface-language">{t('interfaceLanguageLabel')}</label>
      <select
        id="interface-language"
        data-testid="interface-language"
        value={language ?? 'browser'}
        disabled={language === undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="browser">{t('interfaceLanguageBrowser')}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={toLanguageTag(locale)}>
            {ownName(locale)}
          </option>
        ))}
      </select>
      <p className="hint">{t('interfaceLanguageHint')}</p>
      {failure ? (
        <p className="result error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
