/**
 * Concurrency limit and retries around any ChatModel, by the policy every model call shares (resilience.ts):
 * a check never ends "could not check" for a limit that waiting would have lifted, nor burns quota repeating
 * what cannot succeed.
 */
import type { ChatModel } from '../ports';
import { createResilience, type ResilienceOptions } from './resilience';

/** Wraps `model` with a concurrency limit and retries; see {@link ResilienceOptions}. */
export function withResilience(model: ChatModel, options: ResilienceOptions): ChatModel {
  const resilience = createResilience(options);
  const resilient: ChatModel = {
    complete: (request) => resilience.call(() => model.complete(request), request.signal),
  };
  const stream = model.stream?.bind(model);
  if (stream) {
    // A stream holds its slot until it ends. It is not retried here: text already handed to `onText` cannot
    // be taken back, so its caller decides how to recover (claim extraction asks again, without streaming,
    // for what it has not got; that call is retried as usual).
    resilient.stream = (request, onText) => resilience.once(() => stream(request, onText), request.signal);
  }
  return resilient;
}
