/** The lesson in large type: its discipline (and kind), then its facts in a row, and the make-up badge. */
export function LessonHeader({ title, type, facts, makeup }: { title: string; type?: string; facts: string[]; makeup?: string | null }) {
  return (
    <header className="qr-lesson">
      <h1 className="qr-lesson-title">
        {title}
        {type ? (
          <>
            {' '}
            <span className="qr-lesson-type">({type})</span>
          </>
        ) : null}
      </h1>
      <p className="qr-lesson-facts">
        {facts.map((fact, i) => (
          <span key={i}>{fact}</span>
        ))}
        {makeup ? <span className="qr-badge">{makeup}</span> : null}
      </p>
    </header>
  );
}
