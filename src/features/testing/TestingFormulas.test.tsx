/**
 * Formulas and images of the testing screens: TeX between `$…$` and `$$…$$` becomes MathML, TeX
 * temml cannot read stays as typed, text around formulas stays text (markup in it is never
 * markup), `\$` is a dollar; the question form previews the text live, and its image goes with its
 * alt text after the question is saved (a new question's image with its new id), refused before
 * sending when it is no picture or has no alt text.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Question } from '@contract/testing';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, server, teacher } from '../../test/server';
import { RichText } from './components/RichText';
import { splitMath } from './components/mathText';
import TestingScreen from './TestingScreen';
import { discipline } from './testing.fixtures';

describe('RichText', () => {
  it('renders inline and display formulas as MathML between plain text', () => {
    const { container } = render(
      <p>
        <RichText text={'Solve $x^2 = 4$ and see $$\\frac{a}{b}$$ then'} />
      </p>,
    );
    const maths = container.querySelectorAll('math');
    expect(maths).toHaveLength(2);
    expect(maths[0]!.querySelector('msup')).not.toBeNull();
    expect(maths[1]!.querySelector('mfrac')).not.toBeNull();
    expect(maths[1]!.getAttribute('display')).toBe('block');
    expect(container.textContent).toMatch(/^Solve .* and see .* then$/);
    expect(container.textContent).not.toContain('$');
  });

  it('shows TeX it cannot read as typed, and never throws', () => {
    const { container } = render(
      <p>
        <RichText text={'Broken $\\frac{1}{$ and fine $y$'} />
      </p>,
    );
    expect(container.querySelector('.ts-tex-error')).toHaveTextContent('$\\frac{1}{$');
    expect(container.querySelectorAll('math')).toHaveLength(1);
  });

  it('keeps markup in the text as text, a lone dollar and \\$ as dollars', () => {
    const { container } = render(
      <p>
        <RichText text={'<b>bold</b> costs \\$5 or $ 3 <img src=x onerror=alert(1)>'} />
      </p>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('math')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b> costs $5 or $ 3 <img src=x onerror=alert(1)>');
  });

  it('splits on unescaped dollars only; TeX inside a formula keeps its escapes', () => {
    expect(splitMath('a \\$ b $\\$x$ c')).toEqual([
      { kind: 'text', text: 'a $ b ' },
      { kind: 'math', tex: '\\$x', display: false, source: '$\\$x$' },
      { kind: 'text', text: ' c' },
    ]);
    expect(splitMath('$$ $')).toEqual([{ kind: 'text', text: '$$ $' }]);
  });
});

const question = (over: Partial<Question> = {}): Question => ({
  id: 12,
  id_category: 1,
  text: 'Which curve is $y = x^2$?',
  points: 1,
  content: {
    kind: 'single',
    options: [
      { text: 'Parabola', correct: true },
      { text: 'Line', correct: false },
    ],
  },
  image: null,
  inUse: false,
  updatedAt: '2026-11-30T10:00:00.000Z',
  ...over,
});

describe('the question form', () => {
  let bank: Question[];
  beforeEach(async () => {
    await initTestI18n('en');
    bank = [question()];
    server.use(
      http.post('/api/testing/disciplines.json', () => ok([discipline])),
      http.post('/api/testing/categories.json', () => ok([{ id: 1, name: 'Basics', questions: bank.length }])),
      http.post('/api/testing/questions.json', () => ok(bank)),
      http.post('/api/testing/tests.json', () => ok([])),
    );
  });

  const open = () => {
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
    renderWithStore(<TestingScreen />, { route: '/lms/testing', store });
  };

  it("shows the bank's formulas and the text's preview live", async () => {
    open();
    const item = await screen.findByTestId('ts-bank-question');
    await waitFor(() => expect(item.querySelector('math')).not.toBeNull());
    await userEvent.click(screen.getByTestId('ts-add-question'));
    const form = await screen.findByTestId('ts-question-form');
    await userEvent.type(within(form).getByLabelText('Question'), 'Area: $\\pi r^2$');
    const preview = within(form).getByTestId('ts-text-preview');
    expect(preview.querySelector('math')).not.toBeNull();
    expect(preview).toHaveTextContent(/^As students will see itArea:/);
  });

  it("the delete button is named by the question's text and its confirmation shows the formula, never the raw TeX", async () => {
    open();
    const remove = await screen.findByRole('button', { name: 'Delete: Which curve is y = x^2?' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.querySelector('math')).not.toBeNull();
    expect(dialog).not.toHaveTextContent('$');
  });

  it("a new question's image goes after it with its alt text and its new id; a file that is no picture is refused before sending", async () => {
    const uploads: { id: FormDataEntryValue | null; alt: FormDataEntryValue | null; size: number | null }[] = [];
    server.use(
      http.post('/api/testing/question-save.json', () => ok({ question: question({ id: 30, text: 'The graph?' }), regraded: 0 })),
      http.post('/api/testing/question-image.json', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('image');
        uploads.push({ id: form.get('id_question'), alt: form.get('alt'), size: file && typeof file !== 'string' ? file.size : null });
        const saved = question({
          id: 30,
          text: 'The graph?',
          image: { alt: String(form.get('alt')), src: '/api/testing/question-image.file?id_question=30&v=5' },
        });
        bank = [bank[0]!, saved];
        return ok(saved);
      }),
    );
    open();
    await userEvent.click(await screen.findByTestId('ts-add-question'));
    const form = await screen.findByTestId('ts-question-form');
    await userEvent.type(within(form).getByLabelText('Question'), 'The graph?');
    await userEvent.type(within(form).getByLabelText(/Options/), '*Parabola\nLine');
    const input = within(form).getByLabelText('Add an image');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose a PNG, JPEG, WebP or GIF image')).toBeInTheDocument();
    expect(await within(form).findByText('Describe the image')).toBeInTheDocument();
    expect(uploads).toEqual([]);

    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'graph.png', { type: 'image/png' }));
    await userEvent.type(within(form).getByLabelText('Image description (alt text)'), 'A parabola through the origin');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('ts-question-form')).toBeNull());
    expect(uploads).toEqual([{ id: '30', alt: 'A parabola through the origin', size: 4 }]);
    const image = await screen.findByTestId('ts-question-image');
    expect(image).toHaveAttribute('alt', 'A parabola through the origin');
    expect(image).toHaveAttribute('src', '/api/testing/question-image.file?id_question=30&v=5');
  });

  it('an image is removed from its question', async () => {
    bank = [question({ image: { alt: 'A parabola', src: '/api/testing/question-image.file?id_question=12&v=4' } })];
    let removed: unknown = null;
    server.use(
      http.post('/api/testing/question-save.json', () => ok({ question: bank[0], regraded: 0 })),
      http.post('/api/testing/question-image-delete.json', async ({ request }) => {
        removed = await request.json();
        bank = [question()];
        return ok(bank[0]);
      }),
    );
    open();
    expect(await screen.findByTestId('ts-question-image')).toHaveAttribute('alt', 'A parabola');
    await userEvent.click(screen.getByRole('button', { name: /^Edit: Which curve/ }));
    const form = await screen.findByTestId('ts-question-form');
    expect(within(form).getByLabelText('Image description (alt text)')).toHaveValue('A parabola');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove the image' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(removed).toEqual({ id_question: 12 }));
    await waitFor(() => expect(screen.queryByTestId('ts-question-image')).toBeNull());
  });
});
