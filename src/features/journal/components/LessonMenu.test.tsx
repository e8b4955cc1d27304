import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LessonMenu } from './LessonMenu';

function renderMenu(ready = true) {
  const calls = { markAll: vi.fn(), topic: vi.fn(), remove: vi.fn() };
  render(
    <div>
      <LessonMenu label="07.09 · 08:00" ready={ready} marking={false} onMarkAll={calls.markAll} onTopic={calls.topic} onDelete={calls.remove} />
      <button type="button">elsewhere</button>
    </div>,
  );
  return { calls, user: userEvent.setup() };
}

describe('the lesson menu', () => {
  it('is a menu button: Enter opens it on its first item, the arrows move, Escape closes it and the focus returns', async () => {
    const { calls, user } = renderMenu();
    const button = screen.getByRole('button', { name: /07\.09 · 08:00/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = screen.getAllByRole('menuitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(calls.markAll).not.toHaveBeenCalled();
  });

  it('a choice closes the menu, gives the focus back to its button and acts; ArrowUp opens it on its last item', async () => {
    const { calls, user } = renderMenu();
    const button = screen.getByRole('button', { name: /07\.09 · 08:00/ });
    button.focus();
    await user.keyboard('{ArrowUp}');
    const items = screen.getAllByRole('menuitem');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(calls.topic).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getAllByRole('menuitem')[0]);
    expect(calls.markAll).toHaveBeenCalledOnce();
  });

  it('a click elsewhere closes it; a lesson outside the half-year offers its actions disabled', async () => {
    const { calls, user } = renderMenu(false);
    await user.click(screen.getByRole('button', { name: /07\.09 · 08:00/ }));
    const items = screen.getAllByRole('menuitem');
    for (const item of items) expect(item).toHaveAttribute('aria-disabled', 'true');
    await user.click(items[2]);
    expect(calls.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
