import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLANK_OPTION, Select } from './Select';

describe('Select', () => {
  it("starts with the blank ' --- ' option (id -1) and reports the chosen id", async () => {
    const onChange = vi.fn();
    render(<Select id="year" label="Учебный год" options={[{ id: 7, name: '2025-26' }]} value={-1} onChange={onChange} />);
    const select = screen.getByLabelText('Учебный год');
    const options = Array.from((select as HTMLSelectElement).options).map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['-1', ' --- '],
      ['7', '2025-26'],
    ]);
    expect(BLANK_OPTION.id).toBe(-1);
    await userEvent.selectOptions(select, '7');
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it("says it is loading, disabled and busy, while its list is on its way: no ' --- ' to take for an empty choice", () => {
    const { rerender } = render(<Select id="year" label="Учебный год" options={[]} value={-1} onChange={vi.fn()} loading />);
    const select = screen.getByLabelText('Учебный год') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Загрузка…']);
    expect(select.disabled).toBe(true);
    expect(select.getAttribute('aria-busy')).toBe('true');
    rerender(<Select id="year" label="Учебный год" options={[{ id: 7, name: '2025-26' }]} value={7} onChange={vi.fn()} />);
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([' --- ', '2025-26']);
    expect(select.disabled).toBe(false);
    expect(select.hasAttribute('aria-busy')).toBe(false);
  });
});
