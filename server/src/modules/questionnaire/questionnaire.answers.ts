/** An answer checked against its questions, and a question's results tallied from every answer (docs/areas/questionnaire.md#calls). */
import type { AnswerBody, QuestionnaireResults } from '@contract/questionnaire';
import { SCALE_MAX, SCALE_MIN } from '@contract/pure/questionnaire';
import { AppError } from '../../app-error';
import type * as repo from './questionnaire.repository';

type QuestionRow = Awaited<ReturnType<typeof repo.questions>>[number];

/** The answers as rows, each checked against its question (QUESTIONNAIRE_ANSWER, 400, naming the question's number). */
export function checkAnswers(questions: QuestionRow[], given: AnswerBody['answers']): repo.AnswerRow[] {
  const byId = new Map(given.map((a) => [a.id_question, a]));
  if (byId.size !== given.length || given.some((a) => !questions.some((x) => x.id === a.id_question)))
    throw new AppError(400, 'QUESTIONNAIRE_ANSWER', { question: 0 });
  const rows: repo.AnswerRow[] = [];
  questions.forEach((x, i) => {
    const a = byId.get(x.id);
    const refuse = () => new AppError(400, 'QUESTIONNAIRE_ANSWER', { question: i + 1 });
    const text = a?.text?.trim() ?? '';
    const empty = !a || (a.choice === undefined && (a.choices ?? []).length === 0 && text === '');
    if (empty) {
      if (x.required) throw refuse();
      return;
    }
    if (x.kind === 'scale' || x.kind === 'single') {
      const [min, max] = x.kind === 'scale' ? [SCALE_MIN, SCALE_MAX] : [0, x.options.length - 1];
      if (a.choice === undefined || a.choice < min || a.choice > max || a.choices !== undefined || a.text !== undefined) throw refuse();
      rows.push({ questionId: x.id, choice: a.choice, choices: null, text: null });
    } else if (x.kind === 'multiple') {
      const set = [...new Set(a.choices ?? [])].sort((p, n) => p - n);
      if (a.choice !== undefined || a.text !== undefined || set.length !== (a.choices ?? []).length || set.some((c) => c >= x.options.length)) throw refuse();
      rows.push({ questionId: x.id, choice: null, choices: set, text: null });
    } else {
      if (a.choice !== undefined || a.choices !== undefined) throw refuse();
      rows.push({ questionId: x.id, choice: null, choices: null, text });
    }
  });
  return rows;
}

/** A question's counts, mean and texts from every answer. */
export function tally(x: QuestionRow, answers: repo.AnswerRow[]): QuestionnaireResults['questions'][number] {
  const mine = answers.filter((a) => a.questionId === x.id);
  const labels = x.kind === 'scale' ? ['1', '2', '3', '4', '5'] : x.kind === 'text' ? [] : x.options;
  const counts = labels.map(() => 0);
  for (const a of mine) {
    if (x.kind === 'scale' && a.choice !== null) counts[a.choice - SCALE_MIN]++;
    if (x.kind === 'single' && a.choice !== null) counts[a.choice]++;
    if (x.kind === 'multiple') for (const c of a.choices ?? []) counts[c]++;
  }
  const scaleSum = x.kind === 'scale' ? mine.reduce((n, a) => n + (a.choice ?? 0), 0) : 0;
  return {
    id: x.id,
    kind: x.kind,
    text: x.text,
    labels,
    counts,
    answered: mine.length,
    mean: x.kind === 'scale' && mine.length > 0 ? Math.round((scaleSum / mine.length) * 100) / 100 : null,
    texts: x.kind === 'text' ? mine.map((a) => a.text ?? '').filter((t) => t !== '') : [],
  };
}
