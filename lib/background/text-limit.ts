/** The most characters one check takes (a longer selection is offered in parts). Its own module: the worker's
 * page commands read it without loading the run manager (issue 27). */
export const MAX_TEXT_CHARS = 50_000;
