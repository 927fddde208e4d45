/**
 * Where an eval finds its dataset. Datasets are not part of the repository: an eval takes one by
 * `--data PATH`, and without it uses the team's shared data folder next to the repository
 * (`../shared/data/…`) when that folder exists. When there is nothing to read, the eval stops with one
 * clear line (an `InputError`, printed by scripts/eval.ts without a stack trace), never a crash.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A problem with what the person passed (arguments, data): scripts/eval.ts prints the message and exits 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/** The shared data folder next to the repository (`<repo>/../shared/data`). */
export const SHARED_DATA = resolve(import.meta.dirname, '../../../shared/data');

/** What one eval reads. */
export interface DataSpec {
  /** The eval's name, for the message ("verdict-rules"). */
  evalName: string;
  /** What the data is, for the message ("Factcheck-Bench's subtask files"). */
  what: string;
  /** The default path under the shared data folder ("factcheck-gpt/subtasks"). */
  sharedDefault: string;
  /** Entries a data folder must hold ("subtask3_….jsonl"); empty when the data is one file. */
  contains?: readonly string[];
  /** The option that takes the path, when it is not `--data`. */
  option?: string;
}

/**
 * The dataset path for an eval: `given` (from `--data` or `spec.option`) when set, else the shared default when it
 * exists.
 * Throws an InputError naming the path and what is missing. `sharedData` is a parameter for tests.
 */
export function resolveEvalData(given: string | undefined, spec: DataSpec, sharedData: string = SHARED_DATA): string {
  const fallback = join(sharedData, spec.sharedDefault);
  const path = given ?? fallback;
  const option = spec.option ?? '--data';
  const how = `pass it with ${option} PATH (e.g. ${option} ../shared/data/${spec.sharedDefault})`;
  if (!existsSync(path)) {
    throw new InputError(
      given
        ? `No data for the ${spec.evalName} eval at ${path}: it needs ${spec.what}; ${how}.`
        : `No data for the ${spec.evalName} eval: it needs ${spec.what}, and the default ${fallback} is not there; ${how}.`,
    );
  }
  const missing = (spec.contains ?? []).filter((entry) => !existsSync(join(path, entry)));
  if (missing.length > 0) {
    throw new InputError(`${path} has no ${missing.join(', ')}: the ${spec.evalName} eval needs ${spec.what}; ${how}.`);
  }
  return path;
}

/** Another input file an eval reads (`--gold`, `--word-vectors`…): throws an InputError when it is not there. */
export function requireInputFile(path: string, option: string): string {
  if (!existsSync(path)) throw new InputError(`${option} ${path}: no such file.`);
  return path;
}
