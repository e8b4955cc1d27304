/** How files are named and sized on screen (news, chat, library, teaching materials). */

/** docs/product.md#files: file names are shown truncated at 20 characters (the full name goes in the tooltip). */
export const FILE_NAME_LIMIT = 20;

export function truncateName(name: string, limit = FILE_NAME_LIMIT): string {
  const chars = [...name];
  return chars.length <= limit ? name : `${chars.slice(0, limit).join('')}…`;
}

/** Icon families of docs/product.md#files (pdf, xls/xlsx, doc/docx, txt, ppt/pptx, other), plus images and archives. */
export type FileKind = 'pdf' | 'xls' | 'doc' | 'txt' | 'ppt' | 'image' | 'zip' | 'other';

const KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  xls: 'xls',
  xlsx: 'xls',
  ods: 'xls',
  csv: 'xls',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
  rtf: 'doc',
  txt: 'txt',
  md: 'txt',
  ppt: 'ppt',
  pptx: 'ppt',
  odp: 'ppt',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  zip: 'zip',
  rar: 'zip',
  '7z': 'zip',
};

/** The icon family of a file, from its type when known, else its name. */
export function fileKind(name: string, mime = ''): FileKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  const dot = name.lastIndexOf('.');
  return (dot > 0 && KINDS[name.slice(dot + 1).toLowerCase()]) || 'other';
}

/** 1.2 MB, 340 KB, 12 B in the given unit words. */
export function formatFileSize(bytes: number, units: { b: string; kb: string; mb: string }): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} ${units.mb}`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} ${units.kb}`;
  return `${bytes} ${units.b}`;
}
