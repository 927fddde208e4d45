import { MODEL_PRESETS, type ModelPresetId } from '../../lib/settings/model-presets';

/**
 * The ways to get verdicts from a model Factlight talks to, each with the presets that belong to it: every
 * preset of the options page is here (a test below checks that none is missing).
 */
export const WAYS: Array<{ id: string; title: string; text: string; presets: ModelPresetId[] }> = [
  {
    id: 'key',
    title: 'With a provider key',
    text: 'Quick to set up and accurate. The provider bills you per use, and the text you check goes to it.',
    presets: ['openai', 'anthropic', 'gemini', 'openrouter', 'groq', 'deepseek'],
  },
  {
    id: 'local',
    title: 'With a model server on your computer',
    text: 'Free, and the text stays on your machine. Ollama or LM Studio must be running with a model loaded.',
    presets: ['ollama', 'lmstudio'],
  },
  {
    id: 'custom',
    title: 'With another server',
    text: 'Any server that speaks the OpenAI chat API (vLLM, a company proxy, …).',
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
      <legend className="visually-hidden">Choose how Factlight gets its verdicts</legend>
      {WAYS.map((way) => (
        <div key={way.id} className="way" role="group" aria-labelledby={`way-${way.id}`}>
          <h3 id={`way-${way.id}`}>{way.title}</h3>
          <p className="hint">{way.text}</p>
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
