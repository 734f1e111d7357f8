// A table as a CSV file that Excel opens with its Chinese intact (UTF-8 with a byte-order
// mark, CRLF line ends, RFC 4180 quoting). Pure; tested in csv.test.ts.

export type Cell = string | number | null;

/** One cell: quoted when it holds a comma, quote or line break; null is empty. */
function cellText(cell: Cell): string {
  const text = cell === null ? '' : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of a header row and data rows, starting with the byte-order mark. */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The same, as a file to save. */
export function csvBlob(header: readonly string[], rows: readonly (readonly Cell[])[]): Blob {
  return new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' });
}
