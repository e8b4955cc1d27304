import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenderedInSteps } from './whenIdle';

function List({ count }: { count: number }) {
  const rendered = useRenderedInSteps(count, 40);
  return (
    <ul>
      {Array.from({ length: rendered }, (_, i) => (
        <li key={i}>item {i + 1}</li>
      ))}
    </ul>
  );
}

describe('useRenderedInSteps', () => {
  it('draws the first step at once and the rest once the browser is idle', async () => {
    render(<List count={100} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('item 100')).toBeInTheDocument();
  });

  it('a list shorter than a step is drawn whole at once', () => {
    render(<List count={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });

  it('rows added later are drawn too', async () => {
    const { rerender } = render(<List count={30} />);
    rerender(<List count={90} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(90));
  });
});
