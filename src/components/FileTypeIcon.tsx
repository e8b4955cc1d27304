/** A file-type icon and the translated file size, shared by every area that lists files. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKind, formatFileSize, type FileKind } from '@lib/files';
import './fileTypeIcon.css';

const LABELS: Record<FileKind, string> = { pdf: 'PDF', xls: 'XLS', doc: 'DOC', txt: 'TXT', ppt: 'PPT', image: 'IMG', zip: 'ZIP', other: 'FILE' };

export function FileTypeIcon({ name, mime }: { name: string; mime?: string }) {
  const kind = fileKind(name, mime);
  return (
    <span className={`file-icon file-icon-${kind}`} aria-hidden="true">
      <svg width="28" height="34" viewBox="0 0 28 34">
        <path d="M3 1h15l9 9v21a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2z" fill="currentColor" opacity="0.14" stroke="currentColor" strokeWidth="1.5" />
        <path d="M18 1v7a2 2 0 0 0 2 2h7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {/* Drawn by CSS: a picture, not words of the link it sits in. */}
      <span className="file-icon-ext" data-ext={LABELS[kind]} />
    </span>
  );
}

/** Formats a size in bytes with the unit words of the current language (Б/КБ/МБ, B/KB/MB). */
export function useFileSize(): (bytes: number) => string {
  const { t } = useTranslation('cm');
  return useCallback((bytes: number) => formatFileSize(bytes, { b: t('file.b'), kb: t('file.kb'), mb: t('file.mb') }), [t]);
}
