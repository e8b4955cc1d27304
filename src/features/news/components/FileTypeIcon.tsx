/** A small badge with the kind of a file (SPEC §2: pdf, xls/xlsx, doc/docx, txt, ppt/pptx and other). */

export type FileKind = 'pdf' | 'xls' | 'doc' | 'txt' | 'ppt' | 'img' | 'zip' | 'other';

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
  png: 'img',
  jpg: 'img',
  jpeg: 'img',
  gif: 'img',
  webp: 'img',
  zip: 'zip',
  rar: 'zip',
  '7z': 'zip',
};

export function fileKind(name: string): FileKind {
  const dot = name.lastIndexOf('.');
  return (dot > 0 && KINDS[name.slice(dot + 1).toLowerCase()]) || 'other';
}

const LABELS: Record<FileKind, string> = { pdf: 'PDF', xls: 'XLS', doc: 'DOC', txt: 'TXT', ppt: 'PPT', img: 'IMG', zip: 'ZIP', other: 'FILE' };

export function FileTypeIcon({ name }: { name: string }) {
  const kind = fileKind(name);
  return (
    <span className={`file-type file-type-${kind}`} aria-hidden="true">
      {LABELS[kind]}
    </span>
  );
}
