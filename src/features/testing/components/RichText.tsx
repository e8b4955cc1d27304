/**
 * A question's, option's, item's or comment's text as the testing screens show it: formulas as
 * MathML (mathText.ts), everything else as text nodes (never markup). A formula temml cannot read
 * is shown as typed.
 */
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import 'temml/dist/Temml-Local.css';
import { mathMarkup, splitMath } from './mathText';

/** temml's MathML markup as nodes of this document. */
function mathNodes(markup: string): Node[] {
  const parsed = new DOMParser().parseFromString(markup, 'text/html');
  return [...parsed.body.childNodes].map((n) => document.importNode(n, true));
}

function Formula({ tex, display, source }: { tex: string; display: boolean; source: string }) {
  const markup = useMemo(() => mathMarkup(tex, display), [tex, display]);
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (markup !== null) box.current?.replaceChildren(...mathNodes(markup));
  }, [markup]);
  if (markup === null) return <span className="ts-tex-error">{source}</span>;
  return <span ref={box} className={display ? 'ts-math ts-math-display' : 'ts-math'} data-tex={tex} />;
}

export function RichText({ text }: { text: string }) {
  const pieces = useMemo(() => splitMath(text), [text]);
  return (
    <>
      {pieces.map((p, i) =>
        p.kind === 'text' ? <Fragment key={i}>{p.text}</Fragment> : <Formula key={i} tex={p.tex} display={p.display} source={p.source} />,
      )}
    </>
  );
}
