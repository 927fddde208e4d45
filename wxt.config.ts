/**
 * Build configuration for Chrome (MV3, side panel) and Firefox (sidebar).
 * Auto-imports are off so every module states what it uses, and so `lib/core` purity is visible.
 */
import { defineConfig } from 'wxt';

import { storeSafeBundles } from './scripts/build/store-safe-bundles';

/** The icon set in public/icon/ (rendered from public/icon.svg by `npm run icons`). */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 96: 'icon/96.png', 128: 'icon/128.png' };

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  // Bundled libraries without HTML-from-strings or eval, so the store linters pass (see the plugin).
  vite: () => ({ plugins: [storeSafeBundles()] }),
  // The sources zip for AMO's reviewers holds what builds the package, not the tests or the pictures.
  zip: { excludeSources: ['tests/**', 'scripts/lib/servers/**', 'scripts/lib/extension/**', 'docs/**/*.png'] },
  manifest: ({ browser }) => ({
    name: 'Factlight',
    // The Chrome Web Store takes at most 132 characters (tests/store/packages.test.ts checks it).
    description: 'Fact-check text where you read it: claims, evidence, verdicts and revisions, with your own model.',
    icons: ICONS,
    permissions: [
      'storage',
      'contextMenus',
      'activeTab',
      'scripting',
      'unlimitedStorage',
      'alarms',
      // Removes the Origin header from our own requests to a local model server (see local-model-origin.ts).
      'declarativeNetRequestWithHostAccess',
      // Firefox has a sidebar (sidebar_action, generated from entrypoints/sidepanel) instead.
      ...(browser === 'firefox' ? [] : ['sidePanel']),
      // Chrome's worker reads evidence pages in an offscreen document, which has a DOMParser (issue 27).
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    // Evidence pages can be anywhere on the web, and the model and search endpoints are whatever the
    // user configures (including a local Ollama), so the background needs to reach any host.
    host_permissions: ['<all_urls>'],
    // `browser_action` in the Firefox (MV2) build. The badge shows the tab's latest check (lib/background/badge.ts).
    action: { default_title: 'Factlight', default_icon: { 16: ICONS[16], 32: ICONS[32], 48: ICONS[48] } },
    commands: {
      'check-selection': { suggested_key: { default: 'Alt+Shift+F' }, description: 'Fact-check the selected text' },
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
        }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            // A fixed id keeps storage and IndexedDB across reinstalls. 140 is the first Firefox with the
            // CSS Custom Highlight API (in-page highlights) and with data_collection_permissions (142 on
            // Android), which AMO requires of new add-ons.
            gecko: {
              id: 'factlight@factlight.dev',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
