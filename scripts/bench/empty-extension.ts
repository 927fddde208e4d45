/**
 * The cold-start bench's yardstick: the smallest MV3 extension that answers a message from its own page.
 * Built into a temporary folder at each run, so its cost is measured on the same browser and machine.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { makeTempDir } from '../lib/extension/temp-dirs';

const MANIFEST = {
  manifest_version: 3,
  name: 'Empty (cold-start yardstick)',
  version: '1.0.0',
  background: { service_worker: 'background.js' },
};

// Replies in @webext-core/messaging's envelope ({ res }), like Factlight's handlers.
const WORKER = 'chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ res: { ok: true } }); });\n';

/** Writes the empty extension and returns its folder (removed when the process exits). */
export function buildEmptyExtension(): string {
  const dir = makeTempDir('factlight-empty-extension-');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(MANIFEST, null, 2));
  writeFileSync(join(dir, 'background.js'), WORKER);
  writeFileSync(join(dir, 'probe.html'), '<!doctype html><title>probe</title>');
  return dir;
}
