import { t } from '../../lib/i18n/i18n';

/** What Factlight does, in three lines, for someone who just installed it. */
export function WhatItDoes() {
  return (
    <ul className="what-it-does" data-testid="welcome-what">
      <li>{t('welcomeWhatSelect')}</li>
      <li>{t('welcomeWhatSplits')}</li>
      <li>{t('welcomeWhatColours')}</li>
    </ul>
  );
}
