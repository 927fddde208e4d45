import { t } from '../../lib/i18n/i18n';
import type { SimpleMessageKey } from '../../lib/i18n/keys';
import { MODEL_PRESETS, type ModelPresetId } from '../../lib/settings/model-presets';

/**
 * The ways to get verdicts from a model Factlight talks to, each with the presets that belong to it: every
 * preset of the options page is here (a test below checks that none is missing). Title and text are catalogue keys.
 */
export const WAYS: Array<{ id: string; title: SimpleMessageKey; text: SimpleMessageKey; presets: ModelPresetId[] }> = [
  {
    id: 'key',
    title: 'welcomeWayKeyTitle',
    text: 'welcomeWayKeyText',
    presets: ['openai', 'anthropic', 'gemini', 'openrouter', 'groq', 'deepseek'],
  },
  {
    id: 'local',
    title: 'welcomeWayLocalTitle',
    text: 'welcomeWayLocalText',
    presets: ['ollama', 'lmstudio'],
  },
  {
    id: 'custom',
    title: 'welcomeWayCustomTitle',
    text: 'welcomeWayCustomText',
    presets: ['custom'],
  },
];

/**
 * One radio group over every model preset, grouped by the way it gives verdicts. Nothing is chosen on a
 * first run: nothing is sent anywhere until the person picks one, fills it in and tests or saves it.
 * Disabled until the settings have loaded, so a choice always applies to the form it shows.
 */
export function VerdictSourceChoice(props: {
  chosen: ModelPresetId | undefined;
  onChoose: (preset: ModelPresetId) => void;
  disabled: boolean;
}) {
  const { chosen, onChoose, disabled } = props;
  return (
    <fieldset className="ways" data-testid="welcome-ways" disabled={disabled}>
      <legend className="visually-hidden">{t('welcomeStepChoose')}</legend>
      {WAYS.map((way) => (
        <div key={way.id} className="way" role="group" aria-labelledby={`way-${way.id}`}>
          <h3 id={`way-${way.id}`}>{t(way.title)}</h3>
          <p className="hint">{t(way.text)}</p>
          <div className="choices">
            {way.presets.map((preset) => (
              <label key={preset} className="choice">
                <input
                  type="radio"
                  name="verdict-source"
                  value={preset}
                  data-testid={`welcome-preset-${preset}`}
                  checked={chosen === preset}
                  onChange={() => onChoose(preset)}
                />
                {MODEL_PRESETS[preset].label}
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
