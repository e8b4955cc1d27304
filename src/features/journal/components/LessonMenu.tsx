/**
 * The lesson's actions next to it (the menu button pattern of WAI-ARIA): in the grid, in the header
 * of the chosen lesson's column; on a phone, beside the lesson being marked. The button opens a menu
 * of what acts on that lesson: mark all present, its topic, delete it (the lesson bar keeps them
 * too). Enter, Space or the arrows open it; the arrows, Home and End move in it; Escape closes it and
 * the focus goes back to the button, as it does after a choice (a dialog it opens returns there).
 * A click elsewhere, Tab, a scroll or a resize close it.
 */
import './lessonMenu.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface LessonMenuProps {
  /** The lesson as it is shown ("07.09 · 08:00"), for the button's name ('': none chosen). */
  label: string;
  /** The lesson is within the journal's half-year: its actions can be taken. */
  ready: boolean;
  /** "Mark all present" is under way. */
  marking: boolean;
  onMarkAll: () => void;
  onTopic: () => void;
  onDelete: () => void;
  /** A phone's larger button. */
  touch?: boolean;
}

export function LessonMenu({ label, ready, marking, onMarkAll, onTopic, onDelete, touch = false }: LessonMenuProps) {
  const { t } = useTranslation('journal');
  const id = useId();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const name = label ? t('lesson.menu', { lesson: label }) : t('lesson.menuNone');
  const [place, setPlace] = useState<{ top: number; left?: number; right?: number }>({ top: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const items = [
    { key: 'markAll', text: t('lesson.markAll'), disabled: !ready || marking, run: onMarkAll },
    { key: 'topic', text: t('lesson.topic'), disabled: !ready, run: onTopic },
    { key: 'delete', text: t('lesson.delete'), disabled: !ready, run: onDelete },
  ];

  const show = (at: 'first' | 'last') => {
    const box = buttonRef.current?.getBoundingClientRect();
    if (box) {
      // Under the button, its right edge on the button's unless that would leave the window.
      const width = document.documentElement.clientWidth;
      setPlace(box.right < 240 ? { top: box.bottom + 2, left: Math.max(4, box.left) } : { top: box.bottom + 2, right: Math.max(4, width - box.right) });
    }
    setOpen(at);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  // Opened: the first (or last) item takes the focus; a click elsewhere, a scroll or a resize close it.
  useEffect(() => {
    if (!open) return;
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    (open === 'first' ? entries[0] : entries.at(-1))?.focus();
    const outside = (e: Event) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const away = () => setOpen(false);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('scroll', away, true);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('scroll', away, true);
      window.removeEventListener('resize', away);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [Boolean(open)]);

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    // The grid around it takes no key meant for the menu.
    e.stopPropagation();
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      entries[(i + entries.length) % entries.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(entries.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <span className="lesson-menu">
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={`lesson-menu-button${touch ? ' lesson-menu-touch' : ''}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={name}
        title={name}
        // In the grid's column header the grid stays one tab stop (its date buttons are not stops
        // either): the pointer opens it there, and the keyboard finds the same actions in the lesson bar.
        tabIndex={touch ? undefined : -1}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show(e.key === 'ArrowDown' ? 'first' : 'last');
          } else if (e.key === 'Escape' && open) close(true);
        }}
      >
        <svg viewBox="0 0 4 16" width="4" height="16" aria-hidden="true" focusable="false">
          <circle cx="2" cy="2" r="1.6" />
          <circle cx="2" cy="8" r="1.6" />
          <circle cx="2" cy="14" r="1.6" />
        </svg>
      </button>
      {open ? (
        <ul ref={menuRef} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className="lesson-menu-list" style={place} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`lesson-menu-item${item.key === 'delete' ? ' lesson-menu-danger' : ''}`}
                aria-disabled={item.disabled || undefined}
                onClick={() => {
                  if (item.disabled) return;
                  close(true);
                  item.run();
                }}
              >
                {item.text}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
