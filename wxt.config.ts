import { defineConfig } from 'wxt';

/**
 * Build configuration for Chrome (MV3, side panel) and Firefox (sidebar).
 * Auto-imports are off so every module states what it uses, and so `lib/core` purity is visible.
 */
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  manifest: ({ browser }) => ({
    name: 'Factlight',
    description:
      'Fact-check text where you read it: claims, evidence, verdicts and revisions, with your own model.',
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
    ],
    // Evidence pages can be anywhere on the web, and the model and search endpoints are whatever the
    // user configures (including a local Ollama), so the background needs to reach any host.
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Factlight' },
    commands: {
      'check-selection': { suggested_key: { default: 'Alt+Shift+F' }, description: 'Fact-check the selected text' },
    },
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
