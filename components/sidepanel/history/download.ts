/** How long the Blob URL outlives the click: revoking at once can cancel a download still being read. */
const REVOKE_AFTER_MS = 60_000;

/** Saves text as a file through a Blob URL and an <a download> (no extra permission needed). */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** A file-name-safe form of a check id or date. */
export function fileSlug(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'check'
  );
}
