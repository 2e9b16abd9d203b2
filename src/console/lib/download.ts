/**
 * Hands `text` to the browser as a file named `filename`, as the user's own download (no server
 * round trip: the data is already in the page).
 */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Hands a file the page holds (text it made, an answer it fetched) to the browser as a download. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // In the document while it is clicked, and the address kept a moment after: revoked at once,
  // Chromium may save the file under the name "download" or not at all.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
