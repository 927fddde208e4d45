/**
 * Build configuration for Chrome (MV3, side panel) and Firefox (sidebar).
 * Auto-imports are off so every module states what it uses, and so `lib/core` purity is visible.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { defineConfig } from 'wxt';

import { CHROME_PUBLIC_KEY, GECKO_ID } from './scripts/build/extension-identity';
import { sideEffectFreePackages } from './scripts/build/side-effect-free';
import { slimOpenAI } from './scripts/build/slim-openai';
import { storeSafeBundles } from './scripts/build/store-safe-bundles';

/** The icon set in public/icon/ (rendered from public/icon.svg by `npm run icons`). */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 96: 'icon/96.png', 128: 'icon/128.png' };

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  // Bundled libraries without HTML-from-strings or eval, so the store linters pass (see the plugin); without the
  // parts of the openai SDK Factlight never calls, which every wake of the worker would carry, nor a package it imports
  // but never calls (issue 27).
  vite: () => ({ plugins: [storeSafeBundles(), slimOpenAI(), sideEffectFreePackages()] }),
  // The sources zip for AMO's reviewers holds what builds the package, not the tests or the pictures.
  zip: { excludeSources: ['tests/**', 'scripts/lib/servers/**', 'scripts/lib/extension/**', 'docs/**/*.png'] },
  hooks: {
    // Firefox's background page has no importScripts: it runs the engine's and the router's scripts before the
    // doorway's, which then finds them there (lib/background/doorway.ts, engine-loader.ts). Chrome's worker imports
    // the router on first need; its engine runs in the offscreen document (lib/background/offscreen-engine/).
    'build:manifestGenerated': (wxt, manifest) => {
      const background = manifest.background as { scripts?: string[] } | undefined;
      if (wxt.config.browser === 'firefox' && background?.scripts)
        background.scripts = ['engine.js', 'router.js', ...background.scripts];
    },
    // The Chrome Web Store gives an item its own key and id and refuses a package with a `key`, so the store zip
    // leaves it out; unpacked builds keep it, so their id is the one administrators' policies name.
    'zip:extension:start': (wxt) => {
      if (wxt.config.browser === 'firefox') return;
      const path = join(wxt.config.outDir, 'manifest.json');
      const { key: _key, ...manifest } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      writeFileSync(path, JSON.stringify(manifest));
    },
  },
  manifest: ({ browser }) => ({
    // Words from public/_locales/<locale>/messages.json, in the browser's language (WXT's i18n guide; Chrome
    // "i18n" reference: a package with _locales must name its default_locale). The stores' limits (name 75,
    // description 132 characters) hold in every locale: scripts/i18n/catalogue-rules.ts, scripts/store/store-rules.ts.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    icons: ICONS,
    permissions: [
      'storage',
      'contextMenus',
      // No "activeTab": the host permissions below already let `scripting` and `tabs.get` reach every page.
      'scripting',
      'unlimitedStorage',
      'alarms',
      // Removes the Origin header from our own requests to a local model server (see local-model-origin.ts).
      'declarativeNetRequestWithHostAccess',
      // Firefox has a sidebar (sidebar_action, generated from entrypoints/sidepanel) instead. Its network guard
      // (lib/background/network-guard.ts) refuses private hops in a blocking webRequest listener and resolves
      // names with dns.resolve ("dns" asks nothing at install: it is PermissionNoPrompt in Firefox's schema);
      // Chrome's guard is declarativeNetRequest rules, and Chrome has no dns API.
      ...(browser === 'firefox' ? ['webRequest', 'webRequestBlocking', 'dns'] : ['sidePanel']),
      // Chrome's engine runs in an offscreen document, which has a DOMParser for evidence pages, so a wake of the
      // worker is not sent its code (issue 27).
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    // Evidence pages can be anywhere on the web, and the model and search endpoints are whatever the
    // user configures (including a local Ollama), so the background needs to reach any host.
    host_permissions: ['<all_urls>'],
    // `browser_action` in the Firefox (MV2) build. The badge shows the tab's latest check (lib/background/badge.ts).
    action: { default_title: '__MSG_actionTitle__', default_icon: { 16: ICONS[16], 32: ICONS[32], 48: ICONS[48] } },
    commands: {
      'check-selection': { suggested_key: { default: 'Alt+Shift+F' }, description: '__MSG_commandCheckSelection__' },
    },
    ...(browser === 'firefox'
      ? {}
      : {
          // The oldest Chrome with every API the extension needs (developer.chrome.com reference pages):
          // chrome.sidePanel.open() 116 (the panel opened from the page's button and context menu;
          // sidePanel itself is 114); CSS Custom Highlight API 105 (in-page highlights);
          // storage setAccessLevel 102; declarativeNetRequest `initiatorDomains` 101 (session rule of
          // local-model-origin.ts); AbortSignal.timeout 103; AbortSignal.any (116) is feature-tested.
          minimum_chrome_version: '116',
          // A fixed id for unpacked builds, so a policy can name it (scripts/build/extension-identity.ts).
          key: CHROME_PUBLIC_KEY,
          // What an organisation may set through Chrome's policies (docs/ADMINISTRATORS.md); generated from
          // lib/settings/policy-fields.ts. Firefox reads policies.json with no schema.
          storage: { managed_schema: 'managed-schema.json' },
        }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            // A fixed id keeps storage and IndexedDB across reinstalls. 140 is the first Firefox with the
            // CSS Custom Highlight API (in-page highlights) and with data_collection_permissions (142 on
            // Android), which AMO requires of new add-ons.
            gecko: {
              id: GECKO_ID,
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
