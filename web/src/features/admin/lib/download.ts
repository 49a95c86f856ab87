/**
 * Saves what `url` answers as a file named by the server (Content-Disposition): a temporary
 * `<a download>`, clicked. The page stays where it is, and the browser writes the answer to disk as
 * it streams in, holding none of it in the page.
 */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
