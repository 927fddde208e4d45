/**
 * The catalogue's words, with each string value (a provider's name or message, a URL, a host, a nested cause) in
 * a first-strong isolate (U+2068 … U+2069) when the interface reads right to left: an English run inside an
 * Arabic sentence then keeps its punctuation at its own end. Plain characters, so this holds in the page card and
 * the Markdown export too, where no <bdi> can be; left-to-right interfaces get the words unchanged.
 */
import { t as translate, uiDirection } from '../i18n/i18n';
import type { MessageKey, ParamsArgument } from '../i18n/keys';

export function t<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string {
  const [values] = params as unknown as [Record<string, unknown> | undefined];
  if (!values || uiDirection() !== 'rtl') return translate(key, ...params);
  const isolated = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? `\u2068${value}\u2069` : value]),
  );
  return translate(key, ...([isolated] as unknown as ParamsArgument<K>));
}
