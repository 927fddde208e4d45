/**
 * Custom headers a preset's provider documents, offered in the options page with one button each; nothing
 * is sent until the person adds one and saves.
 * - Anthropic's OpenAI SDK compatibility layer: "If your key is a personal or service account key with
 *   access to multiple workspaces, also send the anthropic-workspace-id header on every request"
 *   (https://platform.claude.com/docs/en/cli-sdks-libraries/libraries/openai-sdk). Its value is the
 *   person's workspace ID, so it starts empty.
 * - OpenRouter's app attribution (https://openrouter.ai/docs/app-attribution): "HTTP-Referer … identifies
 *   your app's URL … required for app attribution", and "X-OpenRouter-Title … sets or modifies your app's
 *   display name … X-Title is still supported for backwards compatibility". Factlight offers its own
 *   name as the title; the referer is the person's to give (Factlight has no web address of its own).
 */
import type { MessageKey } from '../i18n/keys';
import type { ModelPresetId } from './model-presets';

export interface HeaderSuggestion {
  name: string;
  /** The value filled in when added ('' for one only the person knows). */
  value: string;
}

export interface PresetHeaderSuggestions {
  /** Why the provider wants them, in the catalogue. */
  why: MessageKey;
  headers: HeaderSuggestion[];
}

export const HEADER_SUGGESTIONS: Partial<Record<ModelPresetId, PresetHeaderSuggestions>> = {
  anthropic: { why: 'customHeaderSuggestionAnthropic', headers: [{ name: 'anthropic-workspace-id', value: '' }] },
  openrouter: {
    why: 'customHeaderSuggestionOpenRouter',
    headers: [
      { name: 'HTTP-Referer', value: '' },
      { name: 'X-OpenRouter-Title', value: 'Factlight' },
    ],
  },
};
