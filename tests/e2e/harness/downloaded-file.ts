import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How long a download may take to be complete on disk. */
const DOWNLOAD_TIMEOUT_MS = 30_000;
/** Poll interval: Firefox tells the driver nothing about its downloads. */
const POLL_MS = 50;
/**
 * How long the new file must stay as it is (same name, same size, nothing else being written) before it
 * counts as the download. Firefox may first write a blob's bytes under a random name ("hZMTRl_y.md") and
 * rename it a moment later: a name seen once may be gone at the next look.
 */
const SETTLED_MS = 250;

/** What the wait reads of the download folder; the node:fs calls unless a test gives its own. */
export interface DownloadFolder {
  list(): string[];
  /** The file's size, or undefined once it is gone (renamed or removed between list and look). */
  size(name: string): number | undefined;
  read(name: string): string | undefined;
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function orGone<T>(look: () => T): T | undefined {
  try {
    return look();
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/** The node:fs view of `folder`. */
export function diskFolder(folder: string): DownloadFolder {
  return {
    list: () => readdirSync(folder),
    size: (name) => orGone(() => statSync(join(folder, name)).size),
    read: (name) => orGone(() => readFileSync(join(folder, name), 'utf8')),
  };
}

/**
 * The file a click has just saved into a download folder, once complete. Firefox writes a download to
 * "<name>.part" beside an empty "<name>" (or first under a random name) and renames it when done: the file is whole
 * once it is the only new file, has the name expected (`named`, when given), is not empty, no new ".part" is left,
 * and it has stayed so for {@link SETTLED_MS}.
 */
export async function downloadedFile(
  folder: DownloadFolder,
  before: ReadonlySet<string>,
  named?: RegExp,
): Promise<{ name: string; text: string }> {
  const deadline = Date.now() + DOWNLOAD_TIMEOUT_MS;
  let seen: { name: string; size: number; since: number } | undefined;
  for (;;) {
    const names = folder.list().filter((candidate) => !before.has(candidate));
    const fresh = names.filter((candidate) => !candidate.endsWith('.part'));
    const writing = names.some((other) => other.endsWith('.part'));
    // `search`, not `test`: it always looks from the start, whatever a /g or /y pattern's lastIndex says.
    const name = fresh.length === 1 && !writing && (!named || fresh[0]!.search(named) >= 0) ? fresh[0] : undefined;
    const size = name === undefined ? undefined : folder.size(name);
    if (name === undefined || size === undefined || size === 0) seen = undefined;
    else if (seen?.name !== name || seen.size !== size) seen = { name, size, since: Date.now() };
    else if (Date.now() - seen.since >= SETTLED_MS) {
      const text = folder.read(name);
      if (text !== undefined) return { name, text };
      seen = undefined;
    }
    if (Date.now() > deadline)
      throw new Error(
        `No complete download${named ? ` named ${String(named)}` : ''} within ${DOWNLOAD_TIMEOUT_MS} ms; new files: ${
          names.length > 0 ? names.join(', ') : 'none'
        }.`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
