/**
 * zod's English issue messages ("Too big: expected string to have <=200 characters") for the schemas built with
 * `zod/mini`, which loads no locale of its own (zod's classic build loads English when imported). The settings
 * and command schemas use the mini build so that a wake of the worker parses and runs less (issue 27); their
 * issues are still said in words in a refused command and in the settings page's save error.
 */
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());
