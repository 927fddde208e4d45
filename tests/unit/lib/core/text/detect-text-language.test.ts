import { describe, expect, it } from 'vitest';

import { detectLanguage } from '../../../../../lib/core/text/detect-language';
import { detectTextLanguage } from '../../../../../lib/core/text/detect-text-language';

/**
 * When a guess may be named to the model (issue 25): real sentences of the seven Latin languages, short and long,
 * with whether the guess is reliable. A reliable guess is never wrong; one or two function words are not enough
 * (the first three, from a review: the best guesses are 'fr', 'en' and 'en'). The thresholds (MIN_LEAD, MIN_RATIO)
 * were chosen on this table: each row marked false with a right best guess is the price of the rows with a wrong one.
 */
const SENTENCES: Array<[language: string, reliable: boolean, sentence: string]> = [
  // The reviewer's three: short sentences with one or two function words.
  ['es', false, 'La Gran Muralla China es visible desde la Luna a simple vista.'],
  ['es', false, 'Einstein ganó el Premio Nobel en 1921.'],
  ['fr', false, "Le vaccin provoque l'autisme."],
  ['es', false, 'El agua hierve a cien grados al nivel del mar.'],
  // Two French "la" and no Spanish word of the list: a lead of two is not enough.
  ['es', false, 'La niña come la manzana.'],
  ['es', false, 'La Torre Eiffel fue construida en 1889 por Gustave Eiffel para la Exposición Universal de París.'],
  [
    'es',
    true,
    'El gobierno anunció que los precios de la electricidad bajarán un diez por ciento el próximo año, según el ministro.',
  ],
  [
    'es',
    true,
    'Según el informe, la tasa de desempleo en España cayó al 11 % en el tercer trimestre. Los expertos creen que la tendencia se mantendrá, aunque advierten que el turismo explica gran parte del empleo creado y que la inflación sigue alta para las familias.',
  ],
  ['fr', false, 'La tour Eiffel mesure 330 mètres.'],
  ['fr', true, 'Le président a annoncé une baisse des impôts pour les ménages les plus modestes.'],
  [
    'fr',
    true,
    "Selon l'Insee, le taux de chômage est tombé à 7,2 % au troisième trimestre. Les économistes estiment que la tendance va se poursuivre, mais ils rappellent que la croissance reste faible et que les prix de l'énergie pèsent sur les entreprises.",
  ],
  ['de', true, 'Der Mount Everest ist der höchste Berg der Welt.'],
  ['de', false, 'Die Mauer wurde 1961 gebaut.'],
  [
    'de',
    true,
    'Die Bundesregierung hat beschlossen, dass die Mehrwertsteuer auf Lebensmittel im nächsten Jahr gesenkt wird.',
  ],
  [
    'de',
    true,
    'Laut dem Statistischen Bundesamt ist die Arbeitslosenquote im dritten Quartal auf 5,7 Prozent gestiegen. Experten erwarten, dass sich der Trend fortsetzt, weil die Industrie unter den hohen Energiepreisen leidet und die Exporte nach China zurückgehen.',
  ],
  ['pt', true, 'O Brasil é o maior país da América do Sul.'],
  ['pt', false, 'A vacina foi aprovada em 2021.'],
  [
    'pt',
    true,
    'O governo anunciou que os preços da energia vão cair dez por cento no próximo ano, segundo o ministro da Fazenda.',
  ],
  [
    'pt',
    true,
    'Segundo o IBGE, a taxa de desemprego no Brasil caiu para 7,7 % no terceiro trimestre. Os economistas acreditam que a tendência vai continuar, mas lembram que a inflação ainda é alta e que os juros dificultam o crédito para as famílias.',
  ],
  ['it', false, 'La Torre di Pisa è inclinata di circa quattro gradi.'],
  ['it', false, 'Il Colosseo fu costruito nel primo secolo.'],
  [
    'it',
    true,
    'Il governo ha annunciato che i prezzi della benzina scenderanno del dieci per cento nel prossimo anno, secondo il ministro.',
  ],
  [
    'it',
    true,
    "Secondo l'Istat, il tasso di disoccupazione in Italia è sceso al 7,4 % nel terzo trimestre. Gli economisti ritengono che la tendenza continuerà, ma ricordano che la crescita è debole e che i prezzi dell'energia pesano sulle imprese e sulle famiglie.",
  ],
  ['nl', false, 'De Eiffeltoren is 330 meter hoog.'],
  ['nl', false, 'Het water kookt bij honderd graden.'],
  [
    'nl',
    true,
    'De regering heeft aangekondigd dat de prijzen van energie volgend jaar met tien procent zullen dalen, volgens de minister.',
  ],
  [
    'nl',
    true,
    'Volgens het CBS is de werkloosheid in Nederland in het derde kwartaal gedaald tot 3,6 procent. Economen verwachten dat de trend zich voortzet, maar zij wijzen erop dat de inflatie nog hoog is en dat de woningmarkt krap blijft voor starters.',
  ],
  ['en', false, 'Water boils at 100 degrees.'],
  ['en', true, 'The Great Wall of China is visible from the Moon.'],
  ['en', true, 'Einstein won the Nobel Prize in 1921 for his work on the photoelectric effect.'],
  [
    'en',
    true,
    'The government announced that electricity prices will fall by ten percent next year, and the minister said it was a fair deal for families.',
  ],
  [
    'en',
    true,
    'According to the statistics office, unemployment fell to 4.1 percent in the third quarter. Economists expect the trend to continue, but they warn that inflation is still high and that the housing market is tight for young buyers.',
  ],
  ['en', false, 'Barack Obama'],
  // A sentence in English and its Spanish translation: Spanish leads by 4 but is not 1.5 times ahead (MIN_RATIO).
  [
    'es',
    false,
    'The minister said that the plan was ready and that it is fair for families. El ministro dijo que el plan está listo y que es justo para las familias, con los precios del gas por los suelos.',
  ],
  ['es', false, 'Madrid, capital de España'],
];

describe('detectTextLanguage', () => {
  it.each(SENTENCES)('%s, reliable %s: %s', (language, reliable, sentence) => {
    const guess = detectTextLanguage(sentence);
    expect(guess.reliable).toBe(reliable);
    if (reliable) expect(guess.language).toBe(language);
    // The segmentation still gets the best guess, reliable or not.
    expect(detectLanguage(sentence)).toBe(guess.language);
  });

  it("still guesses the reviewer's sentences as before, for the splitter", () => {
    expect(detectLanguage('La Gran Muralla China es visible desde la Luna a simple vista.')).toBe('fr');
    expect(detectLanguage('Einstein ganó el Premio Nobel en 1921.')).toBe('en');
    expect(detectLanguage("Le vaccin provoque l'autisme.")).toBe('en');
  });

  it('trusts a script that one language writes, and a shared script only when its letters tell', () => {
    expect(detectTextLanguage('Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.')).toEqual({ language: 'el', reliable: true });
    expect(detectTextLanguage('東京は日本の首都です')).toEqual({ language: 'ja', reliable: true });
    expect(detectTextLanguage('北京是中国的首都')).toEqual({ language: 'zh', reliable: true });
    expect(detectTextLanguage('القاهرة هي عاصمة مصر')).toEqual({ language: 'ar', reliable: true });
    expect(detectTextLanguage('تهران پایتخت ایران است')).toEqual({ language: 'fa', reliable: true });
    // Persian without پ چ ژ گ: its own yeh (ی) says it is not Arabic.
    expect(detectTextLanguage('تهران در ایران است')).toEqual({ language: 'ar', reliable: false });
    expect(detectTextLanguage('Москва — столица России, и это самый большой город.')).toEqual({
      language: 'ru',
      reliable: true,
    });
    // Bulgarian: Cyrillic without Russian's ы and э.
    expect(detectTextLanguage('София е столицата на България.')).toEqual({ language: 'ru', reliable: false });
    expect(detectTextLanguage('Київ є столицею України')).toEqual({ language: 'uk', reliable: true });
    expect(detectTextLanguage('दिल्ली भारत की राजधानी है।')).toEqual({ language: 'hi', reliable: true });
    expect(detectTextLanguage('मुंबई ही महाराष्ट्राची राजधानी आहे.')).toEqual({ language: 'hi', reliable: false });
    expect(detectTextLanguage('नेपालमा धेरै हिमालहरू छन्।')).toEqual({ language: 'hi', reliable: false });
    // छ inside a Hindi word (अच्छा) is no Nepali verb.
    expect(detectTextLanguage('यह एक अच्छा विचार है।')).toEqual({ language: 'hi', reliable: true });
    expect(detectTextLanguage('')).toEqual({ language: 'en', reliable: false });
    expect(detectTextLanguage('12345 !!!')).toEqual({ language: 'en', reliable: false });
  });
});
