import type { OnDeviceDetection } from '../../lib/welcome/on-device';

/**
 * "On this device": whether the browser offers a built-in model, said neutrally. It is its own component
 * so the on-device provider (issue 13) can turn it into a choice with availability, download progress and
 * the no-model "evidence only" mode, without touching the rest of the welcome page.
 */
export function OnDeviceOption({ detection }: { detection: OnDeviceDetection }) {
  return (
    <section className="way" aria-labelledby="way-device" data-testid="on-device-option" data-api={detection.api}>
      <h3 id="way-device">On this device</h3>
      {detection.api === 'prompt-api' ? (
        <p>
          This browser has a built-in model interface (Chrome’s Prompt API). Factlight does not use it yet, so choose one
          of the ways above for now.
        </p>
      ) : (
        <p>This browser offers no built-in model that Factlight can use. Choose one of the ways above.</p>
      )}
    </section>
  );
}
