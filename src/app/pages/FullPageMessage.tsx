import { Link } from 'react-router-dom';
import { HomeIcon } from '@components/shellIcons';

/** A page-sized message: its heading and text, and the way home (the 404 and "not for your role" pages). */
export function FullPageMessage({
  title,
  text,
  home,
  className,
  code,
  testId,
}: {
  title: string;
  text: string;
  home: string;
  className: string;
  code?: string;
  testId?: string;
}) {
  return (
    <div className={`fullpage-message ${className}`} data-testid={testId}>
      {code ? (
        <p className="not-found-code" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to="/" className="btn btn-primary">
        <HomeIcon size={18} />
        {home}
      </Link>
    </div>
  );
}
