import type { JsonSchema } from './json-schema-example';

/**
 * A structured reply with its object keys in the order of the schema's `properties`, recursively. OpenAI's
 * Structured Outputs (strict `json_schema`) produce keys in the schema's order, so a client that acts on a
 * streamed reply's early fields (Factlight searches a claim once its `query` is written) can only be
 * tested honestly when the loopback server writes them in that order too, whatever order a test's
 * responder built its object in. Keys the schema does not name keep their place after the named ones.
 */
export function inSchemaOrder(value: unknown, schema: JsonSchema | undefined): unknown {
  if (typeof schema !== 'object' || schema === null) return value;
  if (Array.isArray(value)) {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return value.map((item) => inSchemaOrder(item, items));
  }
  if (typeof value !== 'object' || value === null) return value;
  const properties = schema.properties ?? {};
  const record = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(properties))
    if (key in record) ordered[key] = inSchemaOrder(record[key], properties[key]);
  for (const key of Object.keys(record)) if (!(key in ordered)) ordered[key] = record[key];
  return ordered;
}
