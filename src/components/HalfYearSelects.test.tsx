import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { HalfYearSelects } from './HalfYearSelects';

const years = [
  { id: 2025, name: '2025-26' },
  { id: 2026, name: '2026-27' },
];

describe('HalfYearSelects', () => {
  it("labels the dropdowns from the area's namespace and reports the chosen year and half-year", async () => {
    const onChange = vi.fn();
    render(<HalfYearSelects ns="registration" idPrefix="reg" years={years} half={{ year: 2025, ws: 1 }} onChange={onChange} />);
    const year = screen.getByLabelText(i18n.t('registration:fields.year'));
    const ws = screen.getByLabelText(i18n.t('registration:fields.halfYear'));
    expect(year.id).toBe('reg-year');
    expect(Array.from((ws as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      i18n.t('registration:halfYears.autumn'),
      i18n.t('registration:halfYears.spring'),
    ]);
    await userEvent.selectOptions(year, '2026');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, ws: 1 });
    await userEvent.selectOptions(ws, '2');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, ws: 2 });
  });

  it('with disableEmpty, is disabled while there is no year to choose', () => {
    render(<HalfYearSelects ns="umk" idPrefix="umk" years={[]} half={null} disableEmpty onChange={() => {}} />);
    expect(screen.getByLabelText(i18n.t('umk:fields.year'))).toBeDisabled();
    expect(screen.getByLabelText(i18n.t('umk:fields.halfYear'))).toBeDisabled();
  });
});
