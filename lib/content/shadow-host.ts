/**
 * A host element with an open shadow root of ours, so page styles cannot reach our UI and our UI never
 * changes the page's own DOM. Built with createElement and textContent only.
 */
export function createShadowHost(doc: Document, name: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  const host = doc.createElement('factlight-ui');
  host.setAttribute('data-factlight', name);
  host.style.all = 'initial';
  host.style.position = 'absolute';
  host.style.zIndex = '2147483647';
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = css;
  root.append(style);
  doc.documentElement.append(host);
  return { host, root };
}
