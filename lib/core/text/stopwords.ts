/**
 * Function words of the commonest European languages, for the no-model route's key terms and
 * check-worthiness rules (evidence-only/). The passage ranker keeps its own short English list
 * (evidence/passages/tokenize.ts), tuned with its IDF weights.
 */

/** Lower case: never key terms, never names. */
export const STOPWORDS = new Set(
  // English
  (
    'a an the and or but nor of to in on at by for with from into onto about as than then so if is are was were be been being am ' +
    'do does did have has had it its this that these those there here he she they them his her their we us our you your i me my ' +
    'not no can could will would shall should may might must also very just which who whom whose when where what why how all any ' +
    'some such each both other only own same too more most over under after before during since until while between ' +
    // Spanish, Portuguese, Italian, French, German, Dutch (the most frequent function words)
    'el la los las un una unos unas de del y o en por para con sin que es son fue fueron ser era al lo se su sus como más ' +
    'o os as um uma do da dos das e em no na nos nas pelo pela foi são é ao à ' +
    'il lo gli le uno di della delle dei e in con su per che è sono fu nel nella ' +
    'le la les un une des du de et ou en dans par pour avec sur que qui est sont fut été au aux ce cette ses son sa ' +
    'der die das ein eine einen einem einer des dem den und oder in im am an auf mit von zu zum zur für ist sind war waren wurde wurden bei aus ' +
    'het een en van op te voor met zijn werd is'
  ).split(/\s+/),
);
