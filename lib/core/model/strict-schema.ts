/**
 * zod schema → JSON Schema that OpenAI structured outputs accept with `strict: true`.
 *
 * Strict mode's rules (OpenAI "Structured Outputs", supported schemas): the root is an object (not
 * anyOf); every object lists all its properties in `required` and has `additionalProperties: false`;
 * only type/properties/required/additionalProperties/items/enum/anyOf/$ref/$defs/description are safe
 * across models and compatible servers (vLLM, llama.cpp and Ollama grammars are stricter still); nesting
 * is limited (10 levels).
 *
 * Optional fields: strict mode has none, so a `.optional()` field is REJECTED here with a message saying
 * to use `.nullable()` (the model then answers `null`, which zod accepts as is). Turning optional fields
 * into required+nullable silently would make the model send `null` where zod's `.optional()` only
 * accepts `undefined`, so every reply would fail validation. A field with `.default()` becomes
 * required: the model must give a value, and zod accepts it.
 *
 * Validation keywords (minLength, pattern, minimum, minItems, format, …) are dropped: zod checks them
 * after parsing, and an invalid reply gets one corrective retry (see structured-call.ts).
 */
import { z } from 'zod';

type JsonObject = Record<string, unknown>;

/** A zod schema that cannot be expressed in strict mode: a programming error, not a provider failure. */
export class StrictSchemaError extends Error {
  override readonly name = 'StrictSchemaError';
}

/** Kept (and normalised where needed). `oneOf` and `const` are rewritten to `anyOf` and `enum`. */
const KEPT = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  '$ref',
  '$defs',
]);
/** Dropped: annotations and validation keywords that strict mode or some servers refuse; zod enforces them. */
const DROPPED = new Set([
  '$schema',
  '$id',
  '$comment',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
]);
/** OpenAI's documented limit on object nesting. */
const MAX_DEPTH = 10;

const schemaCache = new WeakMap<z.ZodType, JsonObject>();

/**
 * The strict JSON Schema for a zod schema (memoised per schema object). Uses zod's `input` side, since
 * the model's reply is what zod parses; transforms are allowed. Throws {@link StrictSchemaError}.
 */
export function toStrictJsonSchema(schema: z.ZodType): JsonObject {
  const cached = schemaCache.get(schema);
  if (cached) return cached;
  // draft-2020-12 because it names shared definitions `$defs`, the spelling OpenAI documents.
  const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as JsonObject;
  const strict = normalizeStrictSchema(raw);
  schemaCache.set(schema, strict);
  return strict;
}

/** Rewrites a JSON Schema into strict mode's subset, or throws {@link StrictSchemaError} naming the path. */
export function normalizeStrictSchema(raw: JsonObject): JsonObject {
  if (raw.type !== 'object')
    throw new StrictSchemaError('$: the root of a structured-output schema must be an object.');
  return normalizeNode(raw, '$', 1);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(value: unknown, path: string, depth: number): JsonObject {
  // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
  if (!isObject(value)) throw new StrictSchemaError(`${path}: expected a schema object.`);
  return normalizeNode(value, path, depth);
}

function normalizeNode(node: JsonObject, path: string, depth: number): JsonObject {
  // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
  if (depth > MAX_DEPTH) throw new StrictSchemaError(`${path}: nested deeper than ${MAX_DEPTH} levels.`);
  // Checked first so records (which also carry propertyNames) get the helpful message.
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    throw new StrictSchemaError(
      // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
      `${path}: open objects and records are not supported; list the properties (z.object/z.strictObject).`,
    );
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) continue;
    // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
    if (!KEPT.has(key)) throw new StrictSchemaError(`${path}: "${key}" is not supported by strict structured outputs.`);
    switch (key) {
      case 'properties':
        // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
        if (!isObject(value)) throw new StrictSchemaError(`${path}: "properties" must be an object.`);
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, child(sub, `${path}.${name}`, depth + 1)]),
        );
        break;
      case 'items':
        // A tuple (array form) cannot be expressed; zod emits it for z.tuple.
        if (!isObject(value))
          // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
          throw new StrictSchemaError(`${path}: tuples are not supported; use an object or a plain array.`);
        out.items = child(value, `${path}[]`, depth + 1);
        break;
      case 'anyOf':
      case 'oneOf': // strict mode has only anyOf; zod's discriminated unions emit oneOf, equivalent here.
        // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
        if (!Array.isArray(value)) throw new StrictSchemaError(`${path}: "${key}" must be an array.`);
        out.anyOf = value.map((option, index) => child(option, `${path}|${index}`, depth));
        break;
      case '$defs':
        // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
        if (!isObject(value)) throw new StrictSchemaError(`${path}: "$defs" must be an object.`);
        out.$defs = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, child(sub, `#/$defs/${name}`, 1)]),
        );
        break;
      case 'const':
        out.enum = [value];
        break;
      case 'additionalProperties':
      case 'required':
        break; // rewritten below for every object
      default:
        out[key] = value;
    }
  }
  splitMultiType(out, path);
  if (out.type === 'object' || out.properties !== undefined) strictObject(node, out, path);
  if (out.type === undefined && out.enum === undefined && out.anyOf === undefined && out.$ref === undefined) {
    // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
    throw new StrictSchemaError(`${path}: a schema needs a type (z.unknown() and z.any() cannot be used).`);
  }
  return out;
}

/** Every property required, no extra ones; optional properties without a default are refused (see top). */
function strictObject(node: JsonObject, out: JsonObject, path: string): void {
  const properties = isObject(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  for (const [name, sub] of Object.entries(properties)) {
    if (required.has(name) || (isObject(sub) && 'default' in sub)) continue;
    throw new StrictSchemaError(
      // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
      `${path}.${name}: optional fields are not allowed in strict mode; use .nullable() (or .default()).`,
    );
  }
  out.properties = out.properties ?? {};
  out.required = Object.keys(properties);
  out.additionalProperties = false;
}

/** `type: ["string", "number"]` → anyOf of single types; `["string", "null"]` stays, as OpenAI documents it. */
function splitMultiType(out: JsonObject, path: string): void {
  const type = out.type;
  if (!Array.isArray(type) || type.filter((t) => t !== 'null').length < 2) return;
  if (out.anyOf !== undefined || out.enum !== undefined)
    // i18n-exempt: a developer's error: a schema strict structured outputs cannot take
    throw new StrictSchemaError(`${path}: cannot combine several types with anyOf/enum.`);
  delete out.type;
  out.anyOf = type.map((t: unknown) => ({ type: t }));
}
