import type { FactWorld } from '../servers';
import type { ExtensionBrowser } from './launch';
import { OptionsPage } from './options-page';

/**
 * Points the extension at the loopback fact world through its options page, as a user would: the
 * scripted model, SearXNG instead of Wikipedia, and local-network evidence allowed (the evidence sites
 * are on loopback addresses). Returns the status text shown after saving.
 */
export async function configureForWorld(browser: ExtensionBrowser, world: FactWorld): Promise<string> {
  const options = await OptionsPage.open(browser);
  await options.fillModel({
    preset: 'custom',
    baseUrl: world.model.baseUrl,
    fastModel: 'fake-fast',
    strongModel: 'fake-strong',
  });
  await options.page.getByTestId('search-wikipedia').uncheck();
  await options.enableSearxng(world.searxng.baseUrl);
  await options.page.getByTestId('allow-private-network').check();
  const status = await options.save();
  await options.page.close();
  return status;
}
