/**
 * What Chrome's offscreen document may ask the worker to do for the engine it runs (issue 27): an offscreen document
 * has only the `runtime` API (developer.chrome.com, chrome.offscreen: "The runtime API is the only extensions API
 * supported by offscreen documents"; seen in Chromium 156: `chrome` there holds `runtime` alone), so the engine's
 * calls to storage, alarms, the toolbar badge, tabs, scripting and the network rules are made by the worker on its
 * behalf. Only these calls: the worker refuses any other (relay-server.ts).
 */
import { readExplanationSelection } from '../../content/read-explanation-selection';
import { frameAddress } from '../frame-address';
import { HIGHLIGHTER_FILE } from '../inject-highlighter';

/** Each API method the engine calls, as `namespace.method` or `namespace.area.method`. */
export const RELAYED_CALLS = [
  'storage.local.get',
  'storage.local.set',
  'storage.local.remove',
  'storage.session.get',
  'storage.session.set',
  'storage.session.remove',
  'storage.managed.get',
  'alarms.create',
  'alarms.clear',
  'alarms.get',
  'action.setTitle',
  'action.setBadgeText',
  'action.getBadgeText',
  'action.setBadgeBackgroundColor',
  'action.setBadgeTextColor',
  'tabs.get',
  'tabs.query',
  'tabs.sendMessage',
  'scripting.executeScript',
  'declarativeNetRequest.getSessionRules',
  'declarativeNetRequest.updateSessionRules',
  'i18n.getMessage',
] as const;

export type RelayedCall = (typeof RELAYED_CALLS)[number];

export function isRelayedCall(path: unknown): path is RelayedCall {
  return typeof path === 'string' && (RELAYED_CALLS as readonly string[]).includes(path);
}

/**
 * The functions the engine injects into pages with `scripting.executeScript({ func })`. A function cannot cross a
 * message, and the worker may not build one from text (no eval in an extension), so it crosses as its name here and
 * the worker injects its own copy, the same code.
 */
export const INJECTED_FUNCTIONS = { frameAddress, readExplanationSelection } as const;

export type InjectedFunctionName = keyof typeof INJECTED_FUNCTIONS;

/** The name of an injectable function, or undefined for any other. */
export function injectedFunctionName(func: unknown): InjectedFunctionName | undefined {
  return (Object.keys(INJECTED_FUNCTIONS) as InjectedFunctionName[]).find((name) => INJECTED_FUNCTIONS[name] === func);
}

/** The only script files the engine injects by name. */
export const INJECTED_FILES: readonly string[] = [HIGHLIGHTER_FILE];

/**
 * What the document asks of the worker beyond API calls: the engine's dependencies that stay there (engine.ts
 * `EngineDeps`), and the document's own close once the engine has been idle (engine-host.ts; an offscreen document
 * cannot close itself through the offscreen API, which only the worker has).
 */
export const RELAYED_DEPS = ['applyGuard', 'applyPolicy', 'loadSettings', 'closeEngineDocument'] as const;

export type RelayedDep = (typeof RELAYED_DEPS)[number];

export function isRelayedDep(name: unknown): name is RelayedDep {
  return typeof name === 'string' && (RELAYED_DEPS as readonly string[]).includes(name);
}
