/**
 * The part of addons-linter's programmatic API (README "Using the linter as a library") that we use; it ships no types.
 */
declare module 'addons-linter' {
  /** One problem the linter found (declared once here; store-rules.ts imports it). */
  export interface LintMessage {
    type: string;
    code: string;
    message: string;
    file?: string;
    line?: number;
  }
  interface Linter {
    run(): Promise<{ errors: LintMessage[]; warnings: LintMessage[]; notices: LintMessage[] }>;
  }
  const addonsLinter: { createInstance(options: { config: Record<string, unknown>; runAsBinary: boolean }): Linter };
  export default addonsLinter;
}
