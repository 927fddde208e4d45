// SOURCE: written for Factlight's tests from the documented Prompt API (developer.chrome.com "The Prompt
// API", MDN "LanguageModel"). A fake of the BROWSER's `LanguageModel` global, never of our code.
// This file is one self-contained function expression, so an e2e test can put it on the extension service
// worker's global as text (serviceWorker.evaluate) and a unit test can load it the same way
// (scripts/lib/servers/fake-language-model.ts). Tokens are counted as ceil(characters / 4), with the response
// constraint counted as input unless omitResponseConstraintInput is set, as Chrome does.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the file is this one expression, read as text
(function installFakeLanguageModel(scope, options) {
  const state = {
    availability: options.availability || 'available',
    languages: options.languages || ['en', 'es', 'ja'],
    contextWindow: options.contextWindow || 9216,
    log: {
      availability: [],
      active: 0,
      maxActive: 0,
      creates: 0,
      clones: 0,
      destroyed: 0,
      live: 0,
      prompts: [],
      exceeded: 0,
      progress: [],
    },
  };
  const tokens = (text) => Math.ceil(String(text).length / 4);
  const inputText = (input) =>
    typeof input === 'string' ? input : input.map((m) => `${m.role}: ${m.content}`).join('\n');
  const dom = (name, message) => {
    const error = new Error(message);
    error.name = name;
    return error;
  };
  const langsOk = (opts) => {
    const wanted = [...((opts && opts.expectedInputs) || []), ...((opts && opts.expectedOutputs) || [])].flatMap(
      (e) => e.languages || [],
    );
    return wanted.every((lang) => state.languages.includes(String(lang).split('-')[0]));
  };
  const usageOf = (input, promptOptions) =>
    tokens(inputText(input)) +
    (promptOptions && promptOptions.responseConstraint && !promptOptions.omitResponseConstraintInput
      ? tokens(JSON.stringify(promptOptions.responseConstraint))
      : 0);
  // The scripted loopback model answers each Factlight stage by its schema name; a real Prompt API gets
  // no name, so when forwarding the fake recognises the stage from the schema's shape.
  const nameFor = (schema) => {
    const p = schema.properties || {};
    const item = (key) => (p[key] && p[key].items && p[key].items.properties) || {};
    if (p.sentences) return item('sentences').claims ? 'atomic_claims' : 'minimal_revisions';
    if (p.stances) return 'claim_verification';
    if (p.hosts) return 'source_types';
    if (p.links) return 'link_audit';
    if (p.answers) return 'citation_recovery';
    if (p.claims) return item('claims').errors ? 'explanation_quality' : 'claim_queries';
    if (p.errors) return 'explanation_rating';
    return 'reply';
  };
  const unsupported = (schema) =>
    (options.unsupportedSchemaKeywords || []).some((keyword) => JSON.stringify(schema).includes(`"${keyword}"`));

  function makeSession(system, usage) {
    let destroyed = false;
    state.log.live++;
    const session = {
      contextWindow: state.contextWindow,
      contextUsage: usage,
      async measureContextUsage(input, promptOptions) {
        return usageOf(input, promptOptions);
      },
      async prompt(input, promptOptions) {
        if (destroyed) throw dom('InvalidStateError', 'The session was destroyed.');
        const signal = promptOptions && promptOptions.signal;
        if (signal && signal.aborted) throw dom('AbortError', 'The prompt was aborted.');
        const schema = promptOptions && promptOptions.responseConstraint;
        if (schema && unsupported(schema))
          throw dom('NotSupportedError', 'The response constraint uses an unsupported JSON Schema feature.');
        const needed = usageOf(input, promptOptions);
        const record = {
          tokens: session.contextUsage + needed,
          window: state.contextWindow,
          constrained: Boolean(schema),
        };
        state.log.prompts.push(record);
        if (record.tokens > state.contextWindow) {
          state.log.exceeded++;
          throw dom('QuotaExceededError', 'The prompt is too large for the context window.');
        }
        const messages = [
          ...(system ? [{ role: 'system', content: system }] : []),
          ...(typeof input === 'string' ? [{ role: 'user', content: input }] : input),
        ];
        const work = options.forwardTo
          ? fetch(`${options.forwardTo}/chat/completions`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(options.forwardKey ? { authorization: `Bearer ${options.forwardKey}` } : {}),
              },
              body: JSON.stringify({
                model: options.forwardModel || 'fake-fast',
                messages,
                ...(schema
                  ? {
                      response_format: {
                        type: 'json_schema',
                        json_schema: { name: nameFor(schema), strict: true, schema },
                      },
                    }
                  : {}),
              }),
              ...(signal ? { signal } : {}),
            }).then(async (response) => (await response.json()).choices[0].message.content)
          : Promise.resolve().then(() => options.answer({ system, messages, schema }));
        const delay = options.delayMs
          ? new Promise((resolve) => setTimeout(resolve, options.delayMs))
          : Promise.resolve();
        const aborted = new Promise(
          (_, reject) =>
            signal && signal.addEventListener('abort', () => reject(dom('AbortError', 'The prompt was aborted.'))),
        );
        state.log.active++;
        state.log.maxActive = Math.max(state.log.maxActive, state.log.active);
        let text;
        try {
          text = await Promise.race([delay.then(() => work), aborted]);
        } finally {
          state.log.active--;
        }
        // Chrome keeps each turn in the session: the prompt and the reply now use its context.
        record.replyTokens = tokens(text);
        session.contextUsage += needed + tokens(text);
        return text;
      },
      async clone() {
        if (destroyed) throw dom('InvalidStateError', 'The session was destroyed.');
        state.log.clones++;
        return makeSession(system, session.contextUsage);
      },
      destroy() {
        if (!destroyed) {
          destroyed = true;
          state.log.destroyed++;
          state.log.live--;
        }
      },
    };
    return session;
  }

  scope.LanguageModel = {
    async availability(opts) {
      state.log.availability.push(opts || {});
      if (options.policyBlocked) throw dom('NotAllowedError', 'Access to the on-device model is disallowed by policy.');
      if (!langsOk(opts)) return 'unavailable';
      return state.availability;
    },
    async create(opts) {
      if (options.policyBlocked) throw dom('NotAllowedError', 'The on-device model is disabled by policy.');
      if (state.availability === 'unavailable' || !langsOk(opts))
        throw dom('NotSupportedError', 'The model is not available for these options.');
      if (state.availability === 'downloadable' || state.availability === 'downloading') {
        const monitor = new EventTarget();
        if (opts && opts.monitor) opts.monitor(monitor);
        state.availability = 'downloading';
        for (const loaded of [0, 0.5, 1]) {
          await new Promise((resolve) => setTimeout(resolve, options.downloadStepMs || 0));
          if (options.downloadFailsAt !== undefined && loaded >= options.downloadFailsAt) {
            state.availability = 'downloadable';
            throw dom('NetworkError', 'The model download failed.');
          }
          const event = new Event('downloadprogress');
          event.loaded = loaded;
          event.total = 1;
          state.log.progress.push(loaded);
          monitor.dispatchEvent(event);
        }
        state.availability = 'available';
      }
      state.log.creates++;
      const prompts = (opts && opts.initialPrompts) || [];
      const system = prompts
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n');
      return makeSession(system, tokens(prompts.map((m) => `${m.role}: ${m.content}`).join('\n')));
    },
  };
  scope.__fakeLanguageModelLog = state.log;
  scope.__fakeLanguageModel = state;
  return state.log;
});
