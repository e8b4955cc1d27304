import { FileTypeIcon } from '@components/FileTypeIcon';
import { truncateName } from '@lib/files';

/**
 * A named file link (the name truncated at 20 characters, the full name in the tooltip). Its
 * accessible name starts with what it shows, then says what it does with the full name.
 */
export function FileLink({ href, name, mime, size, label }: { href: string; name: string; mime?: string; size?: string; label: string }) {
  return (
    <a className="chat-file" href={href} download={name} title={name} aria-label={`${[truncateName(name), size].filter(Boolean).join(' ')}, ${label}`}>
      <FileTypeIcon name={name} mime={mime} />
      <span className="chat-file-text">
        <span className="chat-file-name">{truncateName(name)}</span>
        {size ? <span className="chat-file-size">{size}</span> : null}
      </span>
    </a>
  );
}
