/** The user's name of an uploaded file: cleaned before it is kept, and sent back in a download's header. */

/** Longest file name kept (longer names are cut, keeping the extension). */
const MAX_NAME_LENGTH = 200;

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): U+202E makes `report\u202efdp.exe`
 * look like `reportexe.pdf`, so none is kept in a stored name.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** A file name safe to keep and to show: no path, no control or bidi characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  if (base.length <= MAX_NAME_LENGTH) return base || 'file';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
