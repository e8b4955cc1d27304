import { useRef } from 'react';
import { Dialog } from '@components/Dialog';
import { CloseIcon } from '@components/icons';

/** A photo at full size over the page (the one Dialog: the focus stays on it); Escape, the close button or the backdrop close it. */
export function ImageViewer({ src, name, closeLabel, onClose }: { src: string; name: string; closeLabel: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      label={name}
      onClose={onClose}
      className="chat-viewer-box"
      backdropClassName="dialog-backdrop chat-viewer"
      initialFocus={closeRef}
      testId="chat-photo-viewer"
    >
      <button ref={closeRef} type="button" className="chat-viewer-close" onClick={onClose} aria-label={closeLabel}>
        <CloseIcon size={22} />
      </button>
      <img src={src} alt={name} />
    </Dialog>
  );
}
