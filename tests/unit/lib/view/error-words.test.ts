/**
 * A failure's cause in the interface language: a coded error is worded by the catalogue (in English the
 * adapter's own words), the service's own words inside it stay as given, and an error without a code (older
 * rows) is shown as stored.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishError, type ErrorNotice } from '../../../../lib/core/error-notices';
import { type Catalogue, LOCALES } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import {
  causeIn,
  causeWords,
  checkErrorWords,
  claimErrorWords,
  errorWords,
  evidenceOnlyReasonWords,
  searchCauseWords,
  searchFailedWords,
  waitWords,
} from '../../../../lib/view/error-words';
import { failureWords } from '../../../../lib/view/headline-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

const NOTICES: ErrorNotice[] = [
  { code: 'key-rejected', provider: 'OpenAI', detail: 'Incorrect API key provided' },
  { code: 'origin-refused', provider: 'Ollama' },
  { code: 'rate-limited', provider: 'Groq', freeTier: false },
  { code: 'rate-limited', provider: 'Google Gemini', freeTier: true },
  { code: 'rate-limited', provider: 'Groq', freeTier: false, waitMs: 46_000 },
  { code: 'rate-limited', provider: 'Google Gemini', freeTier: true, waitMs: 46_000 },
  { code: 'out-of-credit', provider: 'OpenAI', branded: true },
  { code: 'out-of-credit', provider: 'Custom server', branded: false },
  { code: 'no-quota', provider: 'Google Gemini', freeTier: false },
  { code: 'daily-limit', provider: 'Google Gemini', freeTier: false, waitMs: 35_652_500 },
  { code: 'request-too-large', provider: 'OpenAI' },
  { code: 'request-too-large', provider: 'Groq', limit: 6000, requested: 14368 },
  { code: 'model-refused', provider: 'OpenAI', why: 'no-reply' },
  { code: 'model-refused', provider: 'OpenAI', why: 'content-filter' },
  { code: 'model-refused', provider: 'Google Gemini', why: 'finish-reason', detail: 'SAFETY' },
  { code: 'model-refused', provider: 'OpenAI', why: 'declined', detail: "I can't help with that." },
  { code: 'model-refused', provider: 'OpenRouter', why: 'provider-said', detail: 'Your input was flagged' },
  { code: 'http-status', provider: 'OpenAI', status: 404, detail: 'The model `gpt-9` does not exist' },
  { code: 'timed-out', provider: 'OpenAI' },
  { code: 'reply-stalled', provider: 'OpenAI', seconds: 60 },
  { code: 'reply-too-slow', provider: 'OpenAI', seconds: 300 },
  { code: 'unreachable', url: 'http://127.0.0.1:9/v1' },
  // The configured address could not be parsed, so the notice has none.
  { code: 'unreachable' },
  // The settings give the server no name.
  { code: 'timed-out' },
  { code: 'request-cancelled' },
  { code: 'not-json', provider: 'Ollama' },
  { code: 'provider-failed', provider: 'OpenAI', detail: 'fetch failed' },
  { code: 'context-too-long', tokens: 4096 },
  { code: 'on-device-context-too-long', tokens: 9216 },
  { code: 'on-device-refused', detail: 'The request was not allowed.' },
  { code: 'on-device-failed', detail: 'Other generic failures occurred.' },
  { code: 'on-device-unavailable' },
  { code: 'on-device-downloadable' },
  { code: 'on-device-downloading' },
  { code: 'on-device-policy' },
  { code: 'on-device-policy', detail: 'Model execution is disabled by policy.' },
  { code: 'on-device-download-failed', detail: 'A network error occurred.' },
  { code: 'on-device-language-unsupported', language: 'de', handles: ['en', 'es', 'ja'] },
  { code: 'model-not-set-up', problem: 'no-model' },
  { code: 'model-not-set-up', problem: 'needs-key', provider: 'OpenAI' },
  { code: 'model-not-set-up', problem: 'choose-models' },
  { code: 'sources-only-chosen' },
  { code: 'reply-cut-off', step: 'verify', maxTokens: 4096 },
  { code: 'reply-malformed', step: 'verify', problem: 'claims: Required' },
  { code: 'search-http', provider: 'Brave Search', status: 401, reason: 'key-rejected', detail: 'Invalid token' },
  { code: 'search-http', provider: 'Wikipedia', status: 429, reason: 'rate-limited' },
  { code: 'search-http', provider: 'SearXNG', status: 404, reason: 'not-found' },
  { code: 'search-http', provider: 'SearXNG', status: 500, reason: 'server' },
  { code: 'search-http', provider: 'SearXNG', status: 403, reason: 'json-disabled' },
  { code: 'search-bad-reply', provider: 'Brave Search', problem: 'too-large', megabytes: 8 },
  { code: 'search-bad-reply', provider: 'SearXNG', problem: 'not-json' },
  { code: 'search-bad-reply', provider: 'Tavily', problem: 'unexpected-shape' },
  { code: 'search-bad-reply', provider: 'Wikidata', problem: 'unexpected-shape', at: 'entities.Q243.claims' },
  { code: 'search-bad-reply', provider: 'Wikipedia', problem: 'no-results' },
  { code: 'search-bad-reply', provider: 'Wikidata', problem: 'no-entities' },
  { code: 'search-api-refused', provider: 'Wikipedia', what: 'search', detail: 'text search is disabled' },
  { code: 'search-api-refused', provider: 'Wikidata', what: 'request', detail: "You've exceeded your rate limit." },
  { code: 'search-needs-key', provider: 'Brave Search' },
  { code: 'search-needs-address', provider: 'SearXNG' },
  { code: 'search-timed-out', provider: 'Wikipedia', seconds: 10 },
  { code: 'search-unreachable', provider: 'SearXNG', host: '127.0.0.1:8888', cause: 'ECONNREFUSED' },
  { code: 'page-invalid-url', url: 'htp//news.example' },
  { code: 'page-not-http', scheme: 'file:' },
  { code: 'page-private', host: '10.0.0.7', redirected: false },
  { code: 'page-private', host: '192.168.1.1:8080', redirected: true },
  { code: 'page-private', host: 'intranet.example', redirected: false, resolvesTo: '10.0.0.7' },
  { code: 'page-private', host: 'intranet.example', redirected: true, resolvesTo: '10.0.0.8' },
  { code: 'page-http', host: 'news.example', status: 404, reason: 'gone' },
  { code: 'page-http', host: 'news.example', status: 503, reason: 'server' },
  { code: 'page-http', host: 'news.example', status: 429, reason: 'rate-limited' },
  { code: 'page-http', host: 'news.example', status: 403, reason: 'refused' },
  { code: 'page-not-text', type: 'application/pdf' },
  { code: 'page-not-text' },
  { code: 'page-redirect-hidden', host: 'news.example' },
  { code: 'page-redirect-loop', host: 'news.example' },
  { code: 'page-too-many-redirects', host: 'news.example', max: 5 },
  { code: 'page-timed-out', host: 'news.example', seconds: 15 },
  { code: 'page-unreachable', host: 'news.example' },
  { code: 'page-unreachable', host: 'news.example', cause: 'ECONNREFUSED' },
  { code: 'page-unreachable', host: 'news.example', guarded: true },
  { code: 'search-failed', others: 0 },
  { code: 'search-failed', cause: 'Could not reach Wikipedia at en.wikipedia.org.', others: 2 },
  { code: 'storage-full', detail: 'QuotaExceededError' },
  { code: 'not-saved', detail: 'The database connection is closing' },
  { code: 'storage-full', detail: 'QuotaExceededError', finalSave: true },
  { code: 'not-checked-budget' },
  { code: 'not-checked-cancelled' },
  { code: 'failed-mid-reply', provider: 'OpenRouter' },
  { code: 'failed-mid-reply', provider: 'OpenRouter', detail: 'Upstream error from the model host' },
  { code: 'reply-without-text', provider: 'Groq' },
  { code: 'rating-no-evidence' },
  { code: 'embeddings-miscounted', provider: 'Ollama', got: 8, expected: 9 },
  { code: 'embeddings-miscounted', got: 2, expected: 3 },
];

afterEach(() => setMessageSource(browserSource()));

describe('errorWords', () => {
  it("in English reads close to what the run stored, the service's words kept", async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    for (const notice of NOTICES.filter((n) => !('waitMs' in n) && !('seconds' in n)))
      expect(errorWords(notice)).toBe(englishError(notice));
  });

  it('in French: every code its own French words, with what the service said as given', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const french = NOTICES.map(errorWords);
    expect(new Set(french).size).toBe(NOTICES.length);
    french.forEach((words, index) => expect(words).not.toBe(englishError(NOTICES[index]!)));
    expect(errorWords(NOTICES[0]!)).toBe(
      'OpenAI a refusé la clé d’API (401\u00a0: Incorrect API key provided)\u00a0: vérifiez la clé d’API dans les paramètres.',
    );
    expect(errorWords({ code: 'unreachable', url: 'http://127.0.0.1:9/v1' })).toBe(
      'Impossible de joindre http://127.0.0.1:9/v1.',
    );
    // "Could not check" is never "false".
    for (const words of french) expect(words).not.toMatch(/\bfaux\b|\bfausse\b/i);
  });

  it('in Spanish and Arabic: a server the settings give no name, called the model server in those words', async () => {
    const unnamed: ErrorNotice = { code: 'timed-out' };
    expect(englishError(unnamed)).toBe('The model server did not answer in time.');
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    expect(errorWords(unnamed)).toBe('El servidor del modelo no respondió a tiempo.');
    expect(errorWords({ code: 'http-status', status: 503, detail: 'Service Unavailable' })).toMatch(
      /^El servidor del modelo /,
    );
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    expect(errorWords(unnamed)).toContain('خادم النموذج');
    expect(errorWords(unnamed)).not.toContain('model server');
  });

  it('in Spanish and Arabic: an unreachable server whose configured address could not be parsed', async () => {
    const unparsable: ErrorNotice = { code: 'unreachable' };
    expect(englishError(unparsable)).toBe('Could not reach the configured base URL.');
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    expect(errorWords(unparsable)).toBe('No se pudo conectar con la URL base configurada.');
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    expect(errorWords(unparsable)).toBe('تعذّر الوصول إلى عنوان URL الأساسي المضبوط في الإعدادات.');
  });

  it('in Spanish: the token budget used up, with both counts in Spanish digits; its English as before', async () => {
    const budget: ErrorNotice = { code: 'token-budget-used', budget: 20_000, used: 20_418 };
    expect(englishError(budget)).toBe('The token budget for this check is used up (20418 of 20000 tokens).');
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    expect(errorWords(budget)).toBe(
      'El presupuesto de tokens de esta verificación se agotó (20.418 de 20.000 tokens).',
    );
  });

  it("in French: a step too long for Ollama's window, with the window's size in French digits", async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords({ code: 'context-too-long', tokens: 4_096 })).toBe(
      `Cette étape ne tient pas dans le contexte de ${new Intl.NumberFormat('fr').format(4_096)} jetons d’Ollama, même avec ses passages raccourcis ; augmentez num_ctx dans Ollama ou vérifiez un texte plus court.`,
    );
  });

  it("in German: a request over Groq's tokens-per-minute limit, with both figures in German digits", async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(errorWords({ code: 'request-too-large', provider: 'Groq', limit: 6000, requested: 14368 })).toBe(
      'Diese Anfrage ist größer als das Token-pro-Minute-Limit von Groq für diesen Schlüssel (Limit 6.000, diese Anfrage 14.368): Warten hilft nicht; prüfen Sie einen kürzeren Text oder erhöhen Sie das Limit (eine höhere Nutzungsstufe).',
    );
  });

  it("in French: a model's refusal, how it refused in French and the model's own words as given", async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords({ code: 'model-refused', provider: 'OpenAI', why: 'content-filter' })).toBe(
      'OpenAI\u00a0: ce modèle a refusé le contenu (filtre de contenu). L’affirmation reste non vérifiée\u00a0; un autre modèle pourrait l’accepter.',
    );
    expect(errorWords({ code: 'model-refused', provider: 'OpenAI', why: 'declined', detail: 'No.' })).toContain(
      '(il a décliné\u00a0: No.)',
    );
  });

  it('says a wait in the interface language’s units', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(waitWords(46_000)).toBe(
      new Intl.NumberFormat('de', { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(46),
    );
    expect(errorWords(NOTICES[4]!)).toContain(waitWords(46_000));
  });
});

/** Every model server error, for a server the settings give no name: each has a sentence of its own for that. */
const UNNAMED: ErrorNotice[] = [
  { code: 'key-rejected', detail: 'Incorrect API key provided' },
  { code: 'origin-refused' },
  { code: 'rate-limited', freeTier: false },
  { code: 'rate-limited', freeTier: true },
  { code: 'rate-limited', freeTier: false, waitMs: 46_000 },
  { code: 'rate-limited', freeTier: true, waitMs: 46_000 },
  { code: 'no-quota', freeTier: false },
  { code: 'daily-limit', freeTier: false },
  { code: 'daily-limit', freeTier: false, waitMs: 35_652_500 },
  { code: 'request-too-large' },
  { code: 'request-too-large', limit: 6000, requested: 14368 },
  { code: 'model-refused', why: 'content-filter' },
  { code: 'http-status', status: 503, detail: 'Service Unavailable' },
  { code: 'timed-out' },
  { code: 'reply-stalled', seconds: 60 },
  { code: 'reply-too-slow', seconds: 300 },
  { code: 'not-json' },
  { code: 'provider-failed', detail: 'fetch failed' },
  { code: 'failed-mid-reply' },
  { code: 'failed-mid-reply', detail: 'Upstream error from the model host' },
  { code: 'reply-without-text' },
];

/** The same errors from a server named Groq. */
const NAMED = UNNAMED.map((notice) => ({ ...notice, provider: 'Groq' }) as ErrorNotice);

/** A catalogue whose every message says only its own key, to see which one was chosen. */
const keysOnly = (catalogue: Catalogue): Catalogue =>
  Object.fromEntries(Object.entries(catalogue).map(([key, entry]) => [key, { ...entry, message: `<${key}>` }]));

describe('a model server the settings give no name', () => {
  it("takes each error's own message for it; a named server keeps the message with its name", async () => {
    setMessageSource(catalogueSource('en', keysOnly(await catalogue('en'))));
    const unnamed = UNNAMED.map(errorWords);
    for (const words of unnamed) expect(words).toMatch(/^<error\w+Unnamed>$/);
    expect(new Set(unnamed).size).toBe(UNNAMED.length);
    expect(NAMED.map(errorWords)).toEqual(unnamed.map((words) => words!.replace('Unnamed', '')));
    // Out of credit: without a name there is no "your … account" to say, whatever the settings call its brand.
    expect(errorWords({ code: 'out-of-credit', branded: true })).toBe('<errorOutOfCreditUnbranded>');
    expect(errorWords({ code: 'out-of-credit', provider: 'OpenAI', branded: true })).toBe('<errorOutOfCredit>');
  });

  it('never puts "the model server" where a name goes in the middle of a sentence', async () => {
    // Where each language says it at the start of a sentence; anywhere else it was a noun phrase in a name's place
    // (English "than The model server's", German "von Der Modellserver", French "de Le serveur du modèle").
    const opening = {
      en: 'The model server',
      de: 'Der Modellserver',
      fr: 'Le serveur du modèle',
      es: 'El servidor del modelo',
      pt_BR: 'O servidor do modelo',
    };
    for (const [locale, phrase] of Object.entries(opening)) {
      setMessageSource(catalogueSource(locale, await catalogue(locale), await catalogue('en')));
      for (const notice of UNNAMED) {
        const words = errorWords(notice)!;
        expect(words.indexOf(phrase), `${locale}: ${words}`).toBeLessThanOrEqual(0);
        expect(words, locale).not.toMatch(/\$[A-Z]+\$/);
      }
    }
  });

  it('in English, reads as the run stored it; mid-sentence "the model server" in lower case', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    for (const notice of UNNAMED.filter((n) => !('waitMs' in n) && !('seconds' in n)))
      expect(errorWords(notice)).toBe(englishError(notice));
    expect(englishError({ code: 'request-too-large' })).toBe(
      "This request is larger than the model server's tokens-per-minute limit for this key: waiting will not help; check a shorter text, or raise the limit (a higher usage tier).",
    );
    expect(errorWords({ code: 'daily-limit', freeTier: false, waitMs: 35_652_500 })).toBe(
      `This key's daily limit at the model server is used up; it resets in ${waitWords(35_652_500)}: check again then, or enable billing for a higher limit.`,
    );
    expect(errorWords({ code: 'model-refused', why: 'content-filter' })).toBe(
      'This model refused the content (content filter). The claim is left unchecked; another model may accept it.',
    );
  });

  it('in German: the model server in the genitive, where a name takes "von"', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(errorWords({ code: 'request-too-large', limit: 6000, requested: 14368 })).toBe(
      'Diese Anfrage ist größer als das Token-pro-Minute-Limit des Modellservers für diesen Schlüssel (Limit 6.000, diese Anfrage 14.368): Warten hilft nicht; prüfen Sie einen kürzeren Text oder erhöhen Sie das Limit (eine höhere Nutzungsstufe).',
    );
    expect(errorWords({ code: 'daily-limit', freeTier: false })).toBe(
      'Das Tageslimit des Modellservers für diesen Schlüssel ist aufgebraucht: Prüfen Sie später erneut oder aktivieren Sie die Abrechnung für ein höheres Limit.',
    );
    expect(errorWords({ code: 'daily-limit', provider: 'Google Gemini', freeTier: false })).toBe(
      'Das Tageslimit von Google Gemini für diesen Schlüssel ist aufgebraucht: Prüfen Sie später erneut oder aktivieren Sie die Abrechnung für ein höheres Limit.',
    );
    expect(errorWords({ code: 'provider-failed', detail: 'fetch failed' })).toBe(
      'Die Anfrage an den Modellserver ist fehlgeschlagen: fetch failed',
    );
  });

  it('in French: "du serveur du modèle", never "de Le serveur"', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords({ code: 'daily-limit', freeTier: false })).toBe(
      'La limite quotidienne du serveur du modèle pour cette clé est atteinte\u00a0: vérifiez à nouveau plus tard ou activez la facturation pour une limite plus haute.',
    );
    expect(errorWords({ code: 'provider-failed', detail: 'fetch failed' })).toBe(
      'La requête au serveur du modèle a échoué\u00a0: fetch failed',
    );
  });
});

describe("a named model server's sentences, which take any name as it is", () => {
  it('in French: "fixée par OpenAI" and "à OpenAI", where "de OpenAI" would want its elision', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords({ code: 'daily-limit', provider: 'OpenAI', freeTier: false })).toBe(
      'La limite quotidienne fixée par OpenAI pour cette clé est atteinte\u00a0: vérifiez à nouveau plus tard ou activez la facturation pour une limite plus haute.',
    );
    expect(errorWords({ code: 'request-too-large', provider: 'OpenAI' })).toMatch(
      /^Cette requête dépasse la limite de jetons par minute fixée par OpenAI pour cette clé\u00a0: /,
    );
    expect(errorWords({ code: 'provider-failed', provider: 'OpenAI', detail: 'fetch failed' })).toBe(
      'La requête à OpenAI a échoué\u00a0: fetch failed',
    );
  });

  it('in Brazilian Portuguese: "de Groq", not a gender guessed for the name ("da Groq")', async () => {
    setMessageSource(catalogueSource('pt_BR', await catalogue('pt_BR'), await catalogue('en')));
    for (const notice of [...NAMED, { code: 'out-of-credit', provider: 'Groq', branded: true } as ErrorNotice])
      expect(errorWords(notice)).not.toMatch(/\b(da|do|na|no) Groq\b/);
    expect(errorWords({ code: 'daily-limit', provider: 'Groq', freeTier: false })).toMatch(
      /^O limite diário de Groq para esta chave acabou: /,
    );
  });

  it('in German: "Ihr Konto bei Google Gemini", not a compound the name\'s space breaks', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(errorWords({ code: 'out-of-credit', provider: 'Google Gemini', branded: true })).toMatch(
      /^Ihr Konto bei Google Gemini hat kein Guthaben mehr/,
    );
  });
});

describe("the on-device model's availability and language, and a setup problem", () => {
  it('in French: the language the model cannot read and those it reads, named in French', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const notice: ErrorNotice = { code: 'on-device-language-unsupported', language: 'de', handles: ['en', 'es', 'ja'] };
    expect(englishError(notice)).toMatch(
      /^The on-device model cannot read German text yet \(it handles English, Spanish, and Japanese\)\./,
    );
    expect(errorWords(notice)).toMatch(
      /^Le modèle local ne sait pas encore lire un texte en allemand \(il lit anglais, espagnol et japonais\)\. /,
    );
    expect(errorWords({ code: 'on-device-downloading' })).toBe(
      'Chrome télécharge le modèle local. Tant qu’il n’est pas prêt, les vérifications trouvent des sources à comparer.',
    );
    expect(errorWords({ code: 'model-not-set-up', problem: 'needs-key', provider: 'OpenAI' })).toBe(
      'OpenAI a besoin d’une clé d’API.',
    );
  });

  it('names the Download button by its own label, in every language', async () => {
    const downloadable: ErrorNotice = { code: 'on-device-downloadable' };
    const failed: ErrorNotice = { code: 'on-device-download-failed', detail: 'A network error occurred.' };
    for (const locale of LOCALES) {
      const own = await catalogue(locale);
      setMessageSource(catalogueSource(locale, own, await catalogue('en')));
      const button = own.engineDownload!.message;
      expect(errorWords(downloadable), locale).toContain(button);
      expect(errorWords(failed), locale).toContain(button);
    }
    // In English too, where the words once said "Download" alone; and what a run stores says the same.
    expect(englishError(downloadable)).toContain('Press "Download the on-device model" to start');
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(errorWords(downloadable)).toContain('Klicken Sie zum Start auf „Modell für das Gerät herunterladen“');
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    // The label is the interface's own words: not isolated, unlike the browser's message beside it.
    expect(errorWords(failed)).toContain(
      'ثم اضغط «تنزيل النموذج على الجهاز» مرة أخرى. (\u2068A network error occurred.\u2069)',
    );
  });

  it('follows the label the catalogue gives the button, not a copy of it', async () => {
    const english = await catalogue('en');
    const renamed = { ...english, engineDownload: { message: 'Get the model' } };
    setMessageSource(catalogueSource('en', renamed));
    expect(errorWords({ code: 'on-device-downloadable' })).toContain('Press "Get the model" to start');
    expect(errorWords({ code: 'on-device-download-failed', detail: 'x' })).toContain('press "Get the model" again');
  });

  it("in Arabic: the browser's own words isolated inside the sentence", async () => {
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    const words = errorWords({ code: 'on-device-download-failed', detail: 'A network error occurred.' });
    expect(words).toContain('\u2068A network error occurred.\u2069');
    expect(words).toMatch(/^تعذّر تنزيل النموذج على الجهاز\./);
  });

  it('why a check found sources only: its code worded, else the words it stored', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    const notice: ErrorNotice = { code: 'on-device-downloadable' };
    const stored = { evidenceOnlyReason: englishError(notice), evidenceOnlyNotice: notice };
    expect(evidenceOnlyReasonWords(stored)).toBe(errorWords(notice));
    expect(evidenceOnlyReasonWords(stored)).toMatch(/^Das Modell auf dem Gerät muss einmal heruntergeladen werden/);
    // A check stored before the codes, and one with a code this build does not know: the stored words.
    expect(evidenceOnlyReasonWords({ evidenceOnlyReason: englishError(notice) })).toBe(englishError(notice));
    const unknown = { code: 'on-device-future' } as unknown as ErrorNotice;
    expect(evidenceOnlyReasonWords({ evidenceOnlyReason: 'Stored words.', evidenceOnlyNotice: unknown })).toBe(
      'Stored words.',
    );
    // The person chose sources only: coded too, so it follows the interface language like the others.
    const chosen: ErrorNotice = { code: 'sources-only-chosen' };
    expect(evidenceOnlyReasonWords({ evidenceOnlyReason: englishError(chosen), evidenceOnlyNotice: chosen })).toBe(
      'Sie haben in den Einstellungen „Nur Quellen“ gewählt.',
    );
    expect(evidenceOnlyReasonWords({ evidenceOnlyReason: 'You chose sources only in Settings.' })).toBe(
      'You chose sources only in Settings.',
    );
    expect(evidenceOnlyReasonWords({})).toBeUndefined();
  });
});

describe('causes and claims, coded or as stored', () => {
  it('words a coded cause; shows an older cause, without a code, as stored', async () => {
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    const notice = NOTICES[0]!;
    expect(causeWords({ message: englishError(notice), notice })).toBe(errorWords(notice));
    expect(causeWords({ message: 'Brave Search refused the key.' })).toBe('Brave Search refused the key.');
    const failure = { failed: 3, claims: 3, cause: { message: englishError(notice), claims: 3, notice }, others: 0 };
    expect(failureWords(failure)).toContain(errorWords(notice));
    expect(failureWords(failure)).not.toContain('rejected the API key');
  });

  it('a cause in given words: the interface language words its code, other words take its stored English', async () => {
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    const notice = NOTICES[0]!;
    // A stored message unlike the code's English, so each branch is told apart from the other.
    const cause = { message: 'stored English words', notice };
    expect(causeIn({ interfaceLanguage: true }, cause)).toBe(errorWords(notice));
    expect(causeIn({ interfaceLanguage: false }, cause)).toBe('stored English words');
    expect(causeIn({}, cause)).toBe('stored English words');
    expect(causeIn({ interfaceLanguage: true }, { message: 'no code here' })).toBe('no code here');
  });

  it("a claim's reason: its code worded, else the stored English without an older row's prefix", async () => {
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    const budget = { error: 'Not checked: the token budget for this check was reached.' };
    expect(claimErrorWords({ ...budget, errorNotice: { code: 'not-checked-budget' } })).toBe(
      '未チェック: このチェックのトークン上限に達しました。',
    );
    expect(claimErrorWords({ ...budget, errorNotice: { code: 'not-checked-budget' } })).not.toBe(budget.error);
    expect(claimErrorWords(budget)).toBe(budget.error);
    expect(claimErrorWords({ error: 'Could not check: Could not reach http://127.0.0.1:9/v1.' })).toBe(
      'Could not reach http://127.0.0.1:9/v1.',
    );
    expect(claimErrorWords({})).toBe('');
  });
});

describe('search failures', () => {
  it('in French: the first cause worded from its own code, the others counted in a plural message', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const cause = 'Could not reach Wikipedia at en.wikipedia.org.';
    const notice: ErrorNotice = { code: 'search-unreachable', provider: 'Wikipedia', host: 'en.wikipedia.org' };
    const search = { failures: [cause, 'Old English reason.'], allFailed: true, notices: { [cause]: notice } };
    expect(searchCauseWords(search, cause)).toBe('Impossible de joindre Wikipedia à l’adresse en.wikipedia.org.');
    expect(searchCauseWords(search, 'Old English reason.')).toBe('Old English reason.');
    expect(searchFailedWords([search])).toBe(
      'La recherche a échoué\u00a0: Impossible de joindre Wikipedia à l’adresse en.wikipedia.org. (et 1 autre échec)',
    );
    // A search stored before failures had codes: the first cause as stored, inside the French sentence.
    expect(searchFailedWords([{ failures: [cause] }])).toBe(`La recherche a échoué\u00a0: ${cause}`);
  });

  it("a check's stored error: its code worded, else the English it stored", async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(checkErrorWords({ error: 'Search failed.', errorNotice: { code: 'search-failed', others: 0 } })).toBe(
      'Die Suche ist fehlgeschlagen.',
    );
    expect(checkErrorWords({ error: 'Search failed.' })).toBe('Search failed.');
    expect(checkErrorWords({})).toBeUndefined();
  });
});

describe('a code from a newer build', () => {
  // A row written by a newer version, with an error code this build has no words for.
  const unknown = { code: 'some-future-code', provider: 'OpenAI' } as unknown as ErrorNotice;

  it('has no words here, so each helper shows the English stored beside it', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords(unknown)).toBeUndefined();
    expect(causeWords({ message: 'OpenAI did something new.', notice: unknown })).toBe('OpenAI did something new.');
    expect(claimErrorWords({ error: 'Could not check: OpenAI did something new.', errorNotice: unknown })).toBe(
      'OpenAI did something new.',
    );
    expect(checkErrorWords({ error: 'OpenAI did something new.', errorNotice: unknown })).toBe(
      'OpenAI did something new.',
    );
    expect(claimErrorWords({ errorNotice: unknown })).toBe('');
  });
});

describe('a coded error in a right-to-left interface', () => {
  afterEach(() => setMessageSource(browserSource()));

  it("isolates the service's own words inside the Arabic sentence, so their punctuation stays at their end", async () => {
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    const words = errorWords({ code: 'key-rejected', provider: 'OpenAI', detail: 'See https://x.example/api-keys.' });
    expect(words).toContain('\u2068See https://x.example/api-keys.\u2069');
    expect(words).toContain('\u2068OpenAI\u2069');
    // A left-to-right interface gets the words unchanged.
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(errorWords({ code: 'key-rejected', provider: 'OpenAI', detail: 'x.' })).not.toMatch(/[\u2068\u2069]/);
  });
});
