import { fileKind, truncateName, type FileKind } from '../format';

const LABELS: Record<FileKind, string> = { pdf: 'PDF', xls: 'XLS', doc: 'DOC', txt: 'TXT', ppt: 'PPT', image: 'IMG', other: 'FILE' };

/** A file-type icon (SPEC §2: pdf, xls/xlsx, doc/docx, txt, ppt/pptx, other). */
export function FileTypeIcon({ name, mime }: { name: string; mime?: string }) {
  const kind = fileKind(name, mime);
  return (
    <span className={`chat-file-icon chat-file-${kind}`} aria-hidden="true">
      <svg width="28" height="34" viewBox="0 0 28 34">
        <path d="M3 1h15l9 9v21a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2z" fill="currentColor" opacity="0.14" stroke="currentColor" strokeWidth="1.5" />
        <path d="M18 1v7a2 2 0 0 0 2 2h7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <span className="chat-file-ext">{LABELS[kind]}</span>
    </span>
  );
}

/** A named file link (the name truncated at 20 characters, the full name in the tooltip). */
export function FileLink({ href, name, mime, size, label }: { href: string; name: string; mime?: string; size?: string; label: string }) {
  return (
    <a className="chat-file" href={href} download={name} title={name} aria-label={label}>
      <FileTypeIcon name={name} mime={mime} />
      <span className="chat-file-text">
        <span className="chat-file-name">{truncateName(name)}</span>
        {size ? <span className="chat-file-size">{size}</span> : null}
      </span>
    </a>
  );
}
