import { initials } from '@lib/names';

/** A round photo, or the person's initials when there is none. */
export function Avatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  const cls = `avatar avatar-${size}`;
  if (src) return <img className={cls} src={src} alt="" width={size} height={size} />;
  return (
    <span className={`${cls} avatar-initials`} aria-hidden="true">
      {initials(name) || '?'}
    </span>
  );
}
