/** A screen's title with a link to another screen beside it (as the administration's screens link back to the accounts). */
import { Link } from 'react-router-dom';

interface Props {
  /** The area's classes of the row and of the title. */
  rowClass: string;
  titleClass: string;
  title: string;
  to: string;
  link: string;
}

export function TitleRow({ rowClass, titleClass, title, to, link }: Props) {
  return (
    <div className={rowClass}>
      <h1 className={titleClass}>{title}</h1>
      <Link to={to} className="btn btn-secondary">
        {link}
      </Link>
    </div>
  );
}
