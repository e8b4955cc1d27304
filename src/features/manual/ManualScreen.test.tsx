/** The manual's home: its search in each language as one types, the empty result, the audience filter; a page with its steps and picture; the header's help button. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { User } from '@contract/auth';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { renderPortal, signedInHandlers, studentProfile } from '../../test/portal';
import { makeStore, renderWithStore } from '../../test/render';
import { admin, server, student, teacher } from '../../test/server';
import ManualScreen from './ManualScreen';
import ManualPageScreen from './ManualPageScreen';
import { MANUAL_PAGES } from './manual.pages';
import { HelpButton } from './components/HelpButton';

function renderManual(user: User, route = '/lms/manual') {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  return renderWithStore(
    <Routes>
      <Route path="/manual" element={<ManualScreen />} />
      <Route path="/manual/:page" element={<ManualPageScreen />} />
      <Route path="*" element={<HelpButton />} />
    </Routes>,
    { route, store },
  );
}

const shown = () =>
  within(screen.getByTestId('manual-pages'))
    .getAllByRole('listitem')
    .map((item) => item.dataset.testid?.replace('manual-item-', ''));

describe('the manual’s search', () => {
  for (const [lng, typed, found] of [
    ['ru', 'книгу', 'library-book'],
    ['kg', 'китеп', 'library-book'],
    ['en', 'book', 'library-book'],
    // A word of the steps only; the Kyrgyz letters typed without their marks (Төлөм as толом).
    ['ru', 'лист ожидания', 'electives'],
    ['kg', 'толом коду', 'pay'],
    ['en', 'waiting list', 'electives'],
  ] as const)
    it(`finds a student's task in ${lng} as "${typed}" is typed`, async () => {
      await initTestI18n(lng);
      renderManual(student);
      expect(shown()).toContain('pay');
      await userEvent.type(screen.getByTestId('manual-search'), typed);
      expect(shown()).toContain(found);
      expect(shown().length).toBeLessThan(5);
    });

  it('says when nothing is found, and searches every role’s pages on request', async () => {
    renderManual(student);
    await userEvent.type(screen.getByTestId('manual-search'), 'импорт');
    expect(screen.getByTestId('manual-empty')).toHaveTextContent('По запросу «импорт» страниц не найдено');
    await userEvent.click(screen.getByRole('button', { name: 'Искать на страницах всех ролей' }));
    expect(shown()).toEqual(['imports']);
    await userEvent.clear(screen.getByTestId('manual-search'));
    await userEvent.type(screen.getByTestId('manual-search'), 'qwertyuiop');
    expect(screen.getByTestId('manual-empty')).not.toHaveTextContent('Искать на страницах всех ролей');
  });
});

describe('the manual’s audience', () => {
  it("shows a student his role's pages, another role's on choosing it, and every page with the own first", async () => {
    renderManual(student);
    expect(shown()).toEqual(expect.arrayContaining(['read-news', 'my-marks', 'qr-check-in', 'take-test']));
    expect(shown()).not.toContain('mark-journal');
    await userEvent.selectOptions(screen.getByTestId('manual-role'), 'teacher');
    expect(shown()).toEqual(expect.arrayContaining(['mark-journal', 'qr-attendance', 'create-test']));
    expect(shown()).not.toContain('my-marks');
    await userEvent.selectOptions(screen.getByTestId('manual-role'), 'all');
    const all = shown();
    expect(all).toHaveLength(MANUAL_PAGES.length);
    expect(all.indexOf('take-test')).toBeLessThan(all.indexOf('mark-journal'));
  });

  it("shows an administrator the administration's pages with his role's", () => {
    renderManual(admin);
    expect(shown()).toEqual(expect.arrayContaining(['accounts', 'imports', 'reference-lists', 'mark-journal']));
  });
});

describe('a page of the manual', () => {
  it('has its purpose, numbered steps naming the screen’s buttons, a link to the screen and its picture for phone and desktop', async () => {
    await initTestI18n('en');
    renderManual(student, '/lms/manual/library-book');
    expect(screen.getByRole('heading', { level: 1, name: 'Find and read a book in the e-library' })).toBeInTheDocument();
    const steps = within(screen.getByTestId('manual-steps')).getAllByRole('listitem');
    expect(steps.length).toBe(4);
    // The buttons as the library's own texts name them.
    expect(steps[2]).toHaveTextContent("Click the book's \u201cRead\u201d");
    expect(screen.getByTestId('manual-screen-link')).toHaveAttribute('href', '/lms/library');
    const img = screen.getByRole('img', { name: 'The e-library: book categories, search and the list of books' });
    expect(img.getAttribute('src')).toMatch(/manual-pictures\/library-1366\.png$/);
    expect(img.closest('picture')?.querySelector('source')?.getAttribute('srcset')).toMatch(/manual-pictures\/library-390\.png$/);
  });

  it('says so for an unknown page, with the way to the manual’s pages', () => {
    renderManual(student, '/lms/manual/no-such-task');
    expect(screen.getByRole('heading', { level: 1, name: 'Такой страницы в руководстве нет' })).toBeInTheDocument();
    expect(screen.getByTestId('manual-home')).toHaveAttribute('href', '/lms/manual');
  });
});

describe('the help button', () => {
  it("leads from a screen to the manual's page about it for the reader's role, and home from a screen it has no page about", async () => {
    renderManual(teacher, '/lms/journal');
    expect(screen.getByTestId('help-button')).toHaveAttribute('href', '/lms/manual/mark-journal');
    await userEvent.click(screen.getByTestId('help-button'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Отметить посещаемость и оценки в журнале' })).toBeInTheDocument();
  });

  it('for a student leads to his own journal’s page, and from the apps page (no page of its own) to the manual’s home', () => {
    const { unmount } = renderManual(student, '/lms/journal');
    expect(screen.getByTestId('help-button')).toHaveAttribute('href', '/lms/manual/my-marks');
    unmount();
    renderManual(student, '/lms/apps');
    expect(screen.getByTestId('help-button')).toHaveAttribute('href', '/lms/manual');
  });

  it("is in the portal's header, named for screen readers, and the side menu has the manual", async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers(student, studentProfile));
    renderPortal('/lms/manual');
    const help = await screen.findByTestId('help-button');
    expect(help.closest('header')).not.toBeNull();
    expect(help).toHaveAccessibleName('Справка по этому экрану');
    expect(help).toHaveAttribute('href', '/lms/manual');
    expect(await screen.findByRole('heading', { level: 1, name: 'Руководство пользователя' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Руководство пользователя' }).length).toBeGreaterThan(0);
  });
});
