/**
 * Saves text as a file: a Blob behind an object URL, clicked through a temporary `<a download>`.
 * The URL is revoked on the next tick, once the browser has started the download.
 */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The CSV as Excel opens it correctly: a UTF-8 byte order mark first, or names with accents come
 * out garbled. Other spreadsheets ignore the mark.
 */
export function downloadCsv(fileName: string, csv: string): void {
  downloadTextFile(fileName, `\uFEFF${csv}`, 'text/csv;charset=utf-8');
}
