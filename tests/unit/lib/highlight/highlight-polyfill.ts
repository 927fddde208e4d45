/**
 * A tiny stand-in for the CSS Custom Highlight API, which happy-dom lacks: `Highlight` is a Set of
 * ranges with a priority, the registry a Map of names to highlights. Installed on globalThis (happy-dom's
 * window) for one test and removed after it.
 */

/** Set-backed Highlight. */
export class FakeHighlight extends Set<AbstractRange> implements Highlight {
  priority = 0;
  type: HighlightType = 'highlight';

  /** Like `new Highlight(...ranges)`. */
  constructor(...ranges: AbstractRange[]) {
    super(ranges);
  }

  /** Set's forEach, typed (as the DOM's) with the Highlight as third argument. */
  override forEach(
    callback: (value: AbstractRange, key: AbstractRange, parent: Highlight) => void,
    thisArg?: unknown,
  ): void {
    super.forEach((value, key) => callback.call(thisArg, value, key, this));
  }
}

/** The Map-backed registry, optionally with a scripted `highlightsFromPoint`. */
export type FakeRegistry = HighlightRegistry & {
  highlightsFromPoint?: (x: number, y: number) => unknown[];
};

/**
 * Installs `CSS.highlights` and `Highlight` on globalThis; returns the registry and an uninstaller.
 * happy-dom's `CSS` is a getter returning a fresh object each time, so it is replaced for the test by
 * one object (inheriting from happy-dom's) that carries the registry, and restored afterwards.
 */
export function installHighlightPolyfill(): { registry: FakeRegistry; uninstall: () => void } {
  const registry = new Map<string, Highlight>() as FakeRegistry;
  const scope = globalThis as unknown as { CSS?: object; Highlight?: typeof FakeHighlight };
  const original = Object.getOwnPropertyDescriptor(globalThis, 'CSS');
  const css: object = Object.assign(Object.create(scope.CSS ?? null) as object, { highlights: registry });
  Object.defineProperty(globalThis, 'CSS', { value: css, configurable: true, writable: true });
  scope.Highlight = FakeHighlight;
  return {
    registry,
    uninstall: () => {
      if (original) Object.defineProperty(globalThis, 'CSS', original);
      else Reflect.deleteProperty(globalThis, 'CSS');
      delete scope.Highlight;
    },
  };
}
