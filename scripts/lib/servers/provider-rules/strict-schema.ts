/**
 * OpenAI's rules for `response_format: json_schema` with `strict: true`
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): the root is an object and
 * not anyOf; every object sets `additionalProperties: false` and lists every property in `required`; only
 * the documented keywords are allowed (composition keywords allOf/not/if/then/else/dependentRequired/
 * dependentSchemas are not); at most 10 levels of nesting and 5000 properties. Groq applies the same
 * rules to its strict models (https://console.groq.com/docs/structured-outputs).
 * Returns the violation in OpenAI's wording ("Invalid schema for response_format '…': In context=(…), …"),
 * or undefined.
 */
import { isRecord } from './types';

const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'default',
]);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5_000;

export function strictSchemaViolation(name: string, schema: unknown): string | undefined {
  const fail = (context: string[], text: string) =>
    `Invalid schema for response_format '${name}': In context=(${context.map((c) => `'${c}'`).join(', ')}), ${text}`;
  if (!isRecord(schema)) return fail([], 'schema must be a JSON Schema of \'type: "object"\', got \'type: "None"\'.');
  if (schema.type !== 'object' || schema.anyOf !== undefined)
    return fail([], "schema must be a JSON Schema of 'type: \"object\"' and not have 'anyOf'.");
  let properties = 0;
  const visit = (node: unknown, context: string[], depth: number): string | undefined => {
    if (!isRecord(node)) return undefined;
    if (depth > MAX_DEPTH) return fail(context, `nesting is deeper than ${MAX_DEPTH} levels.`);
    for (const key of Object.keys(node)) if (!ALLOWED.has(key)) return fail(context, `'${key}' is not permitted.`);
    const isObject =
      node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isRecord(node.properties);
    if (isObject) {
      if (node.additionalProperties !== false)
        return fail(context, "'additionalProperties' is required to be supplied and to be false.");
      const keys = isRecord(node.properties) ? Object.keys(node.properties) : [];
      properties += keys.length;
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = keys.find((key) => !required.includes(key));
      if (missing !== undefined)
        return fail(
          context,
          `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        );
      for (const key of keys) {
        const problem = visit(
          (node.properties as Record<string, unknown>)[key],
          [...context, 'properties', key],
          depth + 1,
        );
        if (problem) return problem;
      }
    }
    if (node.items !== undefined) {
      const problem = visit(node.items, [...context, 'items'], depth + 1);
      if (problem) return problem;
    }
    for (const [index, option] of (Array.isArray(node.anyOf) ? node.anyOf : []).entries()) {
      const problem = visit(option, [...context, 'anyOf', String(index)], depth);
      if (problem) return problem;
    }
    for (const defs of [node.$defs, node.definitions]) {
      for (const [key, sub] of Object.entries(isRecord(defs) ? defs : {})) {
        const problem = visit(sub, ['$defs', key], 1);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  const problem = visit(schema, [], 1);
  if (problem) return problem;
  if (properties > MAX_PROPERTIES)
    return fail([], `a schema may have up to ${MAX_PROPERTIES} object properties in total.`);
  return undefined;
}
