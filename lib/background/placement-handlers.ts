import type { CommandRouter } from './authorized-handler';
import type { createTabSync } from './tab-sync';

/**
 * A page's word that it shows, since its check's finished drawing, claims it could not show then (the highlighter
 * placed them once their reply was back in the page): tab-sync.ts keeps it and tells the reply's control.
 */
export function registerPlacementHandlers(
  router: CommandRouter,
  tabs: Pick<ReturnType<typeof createTabSync>, 'placed'>,
): void {
  router.handle('pagePlaced', (request, origin) => tabs.placed(request, origin));
}
