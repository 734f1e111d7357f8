// Hands a file fetched by the app (a Blob) to the browser as a download.

/** Saves `blob` as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
