/**
 * The largest `json` the background accepts in one `importChecks` message (the protocol's zod check). Its own
 * module: the worker's command checks read it without loading the import code (issue 27).
 */
export const MAX_IMPORT_MESSAGE_CHARS = 48 * 1024 * 1024;
