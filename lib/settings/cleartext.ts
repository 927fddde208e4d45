/**
 * Whether a model server address would carry the API key in clear text across the internet: plain `http://`
 * to a host that is not on this machine or the local network. (A local server such as Ollama on
 * `http://localhost:11434` is fine: the key never leaves the machine or the network.) The options page warns.
 */
import { isPrivateNetworkUrl } from '../net/private-address';

export function sendsKeyInClear(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).protocol === 'http:' && !isPrivateNetworkUrl(baseUrl);
  } catch {
    return false;
  }
}
