import type { OnDeviceDetection } from '../../lib/welcome/on-device';
import { EngineStatus } from '../engine/engine-status';

/**
 * "On this device": whether the browser offers Chrome's built-in model, and what checks run on now (the
 * shared "Checks run on" status, with the model's Download button and progress when it is the one to use).
 * With no model at all, checks still find sources to compare.
 */
export function OnDeviceOption({ detection }: { detection: OnDeviceDetection }) {
  return (
    <section className="way" aria-labelledby="way-device" data-testid="on-device-option" data-api={detection.api}>
      <h3 id="way-device">On this device, or sources only</h3>
      {detection.api === 'prompt-api' ? (
        <p>
          This browser has a built-in model interface (Chrome’s Prompt API). When Chrome has the model, Factlight uses
          it unless you choose another way above: free, no key, and the text stays on this device.
        </p>
      ) : (
        <p>
          This browser offers no built-in model that Factlight can use. Without a model, checks still find sources to
          compare for each sentence (no verdicts); choose one of the ways above for verdicts.
        </p>
      )}
      <EngineStatus switchHint="You can switch any time in Settings → Checking → Checks run on." />
    </section>
  );
}
