import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { diskFolder, downloadedFile, type DownloadFolder } from '../../../../e2e/harness/downloaded-file';

/** A download folder held in memory, changed by the test between polls. */
function memoryFolder(files: Map<string, string>, gone = new Set<string>()): DownloadFolder {
  return {
    list: () => [...files.keys(), ...gone],
    size: (name) => (gone.has(name) ? undefined : files.get(name)?.length),
    read: (name) => (gone.has(name) ? undefined : files.get(name)),
  };
}

/** Starts the wait; `result()` is the file it returned so far (undefined while it still waits). */
function watch(...args: Parameters<typeof downloadedFile>): () => { name: string; text: string } | undefined {
  let result: { name: string; text: string } | undefined;
  void downloadedFile(...args).then((file) => (result = file));
  return () => result;
}

describe('downloadedFile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a name pattern with the g flag as any other (its lastIndex does not carry from one look to the next)', async () => {
    const files = new Map<string, string>();
    const result = watch(memoryFolder(files), new Set(), /^factlight-check-\d+\.md$/g);
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toEqual({ name: 'factlight-check-1.md', text: '# Check' });
  });

  it('waits out a random-named file that Firefox renames, and returns the final name', async () => {
    const files = new Map([['old.md', 'earlier']]);
    const before = new Set(files.keys());
    files.set('hZMTRl_y.md', '# Check');
    const result = watch(memoryFolder(files), before);
    await vi.advanceTimersByTimeAsync(100);
    files.delete('hZMTRl_y.md');
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toEqual({ name: 'factlight-check-1.md', text: '# Check' });
  });

  it('takes a file listed but gone at the next look as not there yet, not as an error', async () => {
    const files = new Map<string, string>();
    const gone = new Set(['hZMTRl_y.md']);
    const result = watch(memoryFolder(files, gone), new Set());
    await vi.advanceTimersByTimeAsync(100);
    gone.clear();
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()?.name).toBe('factlight-check-1.md');
  });

  it('does not return while a ".part" is still being written beside the empty placeholder', async () => {
    const files = new Map([
      ['factlight-check-1.md', ''],
      ['factlight-check-1.md.part', '# Ch'],
    ]);
    const result = watch(memoryFolder(files), new Set());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toBeUndefined();
    files.delete('factlight-check-1.md.part');
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toEqual({ name: 'factlight-check-1.md', text: '# Check' });
  });

  it('gives up with a clear error, naming the new files it saw, when nothing complete arrives', async () => {
    const failure = downloadedFile(memoryFolder(new Map([['hZMTRl_y.md', '# C']])), new Set(), /^factlight-/).catch(
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await failure).toBe('No complete download named /^factlight-/ within 30000 ms; new files: hZMTRl_y.md.');
  });

  it('with the name expected, never returns the random name however long Firefox leaves it', async () => {
    const files = new Map([['hZMTRl_y.md', '# Check']]);
    const result = watch(memoryFolder(files), new Set(), /^factlight-check-.+\.md$/);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(result()).toBeUndefined();
    files.delete('hZMTRl_y.md');
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toEqual({ name: 'factlight-check-1.md', text: '# Check' });
  });

  it('waits while a random-named copy and the empty placeholder are both there', async () => {
    const files = new Map([
      ['hZMTRl_y.md', '# Check'],
      ['factlight-check-1.md', ''],
    ]);
    const result = watch(memoryFolder(files), new Set());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toBeUndefined();
    files.delete('hZMTRl_y.md');
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()?.name).toBe('factlight-check-1.md');
  });

  it('starts its wait again while the file still grows', async () => {
    const files = new Map([['factlight-check-1.md', '# Ch']]);
    const result = watch(memoryFolder(files), new Set());
    await vi.advanceTimersByTimeAsync(200);
    files.set('factlight-check-1.md', '# Check');
    await vi.advanceTimersByTimeAsync(150);
    expect(result()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()).toEqual({ name: 'factlight-check-1.md', text: '# Check' });
  });

  it('is not held up by a ".part" that was there before the click', async () => {
    const files = new Map([['old.md.part', '# O']]);
    const before = new Set(files.keys());
    files.set('factlight-check-1.md', '# Check');
    const result = watch(memoryFolder(files), before);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result()?.name).toBe('factlight-check-1.md');
  });
});

describe('diskFolder', () => {
  it('takes a file gone between the listing and the look as absent, not as an error', () => {
    const folder = mkdtempSync(join(tmpdir(), 'factlight-downloads-test-'));
    try {
      writeFileSync(join(folder, 'hZMTRl_y.md'), '# Check');
      const disk = diskFolder(folder);
      expect(disk.list()).toEqual(['hZMTRl_y.md']);
      rmSync(join(folder, 'hZMTRl_y.md'));
      expect(disk.size('hZMTRl_y.md')).toBeUndefined();
      expect(disk.read('hZMTRl_y.md')).toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
