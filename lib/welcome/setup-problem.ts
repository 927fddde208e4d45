import { modelSetupProblem } from '../settings/active-profile';
import { profileFor } from '../settings/options-form';
import type { PublicSettings } from '../settings/redact';

/**
 * Why the saved model cannot run a check yet, as the background will judge it (the same
 * `modelSetupProblem`), told from the settings a page sees: a saved key counts as a key.
 */
export function publicModelSetupProblem(settings: PublicSettings): string | undefined {
  const preset = settings.model.preset;
  const { apiKeySaved, savedKeyOrigin: _origin, ...profile } = profileFor(settings, preset);
  return modelSetupProblem({ preset, profiles: { [preset]: { ...profile, apiKey: apiKeySaved ? 'saved' : '' } } });
}
