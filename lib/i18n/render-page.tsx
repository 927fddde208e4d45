/**
 * Mounts an extension page in the interface language: the language is set up (and `lang`/`dir` on
 * <html>) before the first render, and a change of the setting renders the same tree again in the new
 * words, keeping its state (a half-filled form stays filled).
 */
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

import { onInterfaceLanguageChange, startPageLanguage } from './page-language';

export function renderPage(container: HTMLElement, app: () => ReactElement): Promise<void> {
  return startPageLanguage(container.ownerDocument).then(() => {
    const root = createRoot(container);
    const render = () => root.render(app());
    render();
    onInterfaceLanguageChange(render);
  });
}
