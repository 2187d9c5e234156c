/**
 * Saves a presigned file link. The link is storage's own origin (outside the CSP's connect-src),
 * so the browser follows it as a download; storage names the file by its Content-Disposition.
 */
export function saveFile(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
