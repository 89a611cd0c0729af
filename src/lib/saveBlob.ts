/**
 * Saves a file the API answered (a PDF, a CSV, an export) under a file name: the requests carry the
 * bearer token, so files are fetched and saved rather than linked.
 */
export function saveBlob(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
