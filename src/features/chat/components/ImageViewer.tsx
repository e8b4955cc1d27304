import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/icons';

/** A photo at full size over the page; Escape, the close button or the backdrop close it. */
export function ImageViewer({ src, name, closeLabel, onClose }: { src: string; name: string; closeLabel: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-label={name} onClick={onClose} data-testid="chat-photo-viewer">
      <button ref={closeRef} type="button" className="chat-viewer-close" onClick={onClose} aria-label={closeLabel}>
        <CloseIcon size={22} />
      </button>
      <img src={src} alt={name} onClick={(e) => e.stopPropagation()} />
    </div>
  );
}
