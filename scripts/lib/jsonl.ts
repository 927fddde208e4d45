/**
 * JSON Lines for the evals' datasets: one JSON value per line. Lines holding only whitespace (the final
 * newline, a stray `\r` from CRLF files, blank separators) are skipped everywhere alike; a bad line throws
 * with its 1-based line number, so a broken dataset row can be found.
 */
import { readFileSync } from 'node:fs';

import { errorMessage } from '../../lib/core/errors';
import { InputError } from './eval-data';

/** How a caller checks each value: a type guard and what it expects, for the error message. */
export interface RowShape<T> {
  is(value: unknown): value is T;
  expected: string;
}

export function parseJsonl(text: string): unknown[];
export function parseJsonl<T>(text: string, shape: RowShape<T>): T[];
export function parseJsonl<T>(text: string, shape?: RowShape<T>): unknown[] {
  const values: unknown[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`line ${index + 1}: ${errorMessage(error)}`);
    }
    if (shape && !shape.is(value)) throw new Error(`line ${index + 1}: expected ${shape.expected}`);
    values.push(value);
  });
  return values;
}

/** Rows that must be JSON objects (not arrays or scalars), read field by field by the caller. */
export const OBJECT_ROW: RowShape<Record<string, unknown>> = {
  is: (value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value),
  expected: 'a JSON object',
};

/** `parseJsonl` of a file; a bad line's error names the file too (an InputError: the data is at fault). */
export function readJsonl(path: string): unknown[];
export function readJsonl<T>(path: string, shape: RowShape<T>): T[];
export function readJsonl<T>(path: string, shape?: RowShape<T>): unknown[] {
  const text = readFileSync(path, 'utf8');
  try {
    return shape ? parseJsonl(text, shape) : parseJsonl(text);
  } catch (error) {
    throw new InputError(`${path}, ${errorMessage(error)}`);
  }
}
