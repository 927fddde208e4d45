/**
 * Whether an evidence item shows its host's source type. Fact-checks and knowledge-graph statements keep
 * the type they came with; so does a page a path rule knows (a news site's fact-check desk), since the
 * host's type describes the site's other pages. Whatever applies a host → type map (the pipeline, or a
 * store replaying its 'source-types' event) asks this, so both agree.
 */
import type { Evidence } from '../../types';
import { sourceTypeByPath } from './source-type-rules';

/** Whether `item` shows its host's source type (see the file overview). */
export function takesHostType(item: Evidence): boolean {
  return (item.origin === 'page' || item.origin === 'snippet') && sourceTypeByPath(item.source.url) === undefined;
}
