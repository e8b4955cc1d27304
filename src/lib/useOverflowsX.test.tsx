import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useOverflowsX } from './useOverflowsX';

function Box({ content, width }: { content: number; width: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(ref);
  return (
    <div
      ref={(el) => {
        if (el) Object.defineProperties(el, { scrollWidth: { value: content, configurable: true }, clientWidth: { value: width, configurable: true } });
        ref.current = el;
      }}
    >
      {overflows ? 'scrolls' : 'fits'}
    </div>
  );
}

describe('useOverflowsX', () => {
  it('says whether the content is wider than the element', () => {
    render(<Box content={500} width={300} />);
    expect(screen.getByText('scrolls')).toBeInTheDocument();
  });

  it('a content as wide as the element fits', () => {
    render(<Box content={300} width={300} />);
    expect(screen.getByText('fits')).toBeInTheDocument();
  });
});
