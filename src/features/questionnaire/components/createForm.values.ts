/** The creation form's values (empty, or of a questionnaire edited), their checks (yup) and the body they make. */
import type { CreateBody } from '@contract/questionnaire';
import {
  OPTIONS_MAX,
  QUESTION_TEXT_MAX,
  QUESTIONNAIRE_TEXT_MAX,
  QUESTIONNAIRE_TITLE_MAX,
  type AudienceKind,
  type QuestionKind,
} from '@contract/pure/questionnaire';
import type { YupModule } from '@lib/validation';

export interface QuestionValues {
  kind: QuestionKind;
  text: string;
  /** A choice's options, one a line. */
  options: string;
  required: boolean;
}

export interface CreateValues {
  title: string;
  description: string;
  kind: 'survey' | 'evaluation';
  anonymous: boolean;
  opensAt: string;
  closesAt: string;
  audienceKind: AudienceKind;
  audienceId: string;
  teacherId: string;
  disciplineId: string;
  questions: QuestionValues[];
}

export const newQuestion = (kind: QuestionKind = 'scale'): QuestionValues => ({ kind, text: '', options: '', required: true });

/** 'YYYY-MM-DDTHH:mm' of the browser's local time, for a datetime-local input. */
export const local = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function emptyValues(now: Date): CreateValues {
  return {
    title: '',
    description: '',
    kind: 'survey',
    anonymous: true,
    opensAt: local(now),
    closesAt: local(new Date(now.getTime() + 14 * 86_400_000)),
    audienceKind: 'group',
    audienceId: '',
    teacherId: '',
    disciplineId: '',
    questions: [newQuestion()],
  };
}

/** A questionnaire's body as the form edits it. */
export function valuesOf(b: CreateBody): CreateValues {
  return {
    title: b.title,
    description: b.description,
    kind: b.kind,
    anonymous: b.anonymous,
    opensAt: local(new Date(b.opensAt)),
    closesAt: local(new Date(b.closesAt)),
    audienceKind: b.audience.kind,
    audienceId: b.audience.id === null ? '' : String(b.audience.id),
    teacherId: b.id_teacher === undefined ? '' : String(b.id_teacher),
    disciplineId: b.id_discipline === undefined ? '' : String(b.id_discipline),
    questions: b.questions.map((q) => ({ kind: q.kind, text: q.text, options: q.options.join('\n'), required: q.required })),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function createSchema(yup: YupModule, t: (key: string, options?: Record<string, unknown>) => string) {
  const required = t('form.required');
  const evaluation = () => yup.string().when('kind', { is: 'evaluation', then: (s) => s.required(required) });
  return yup.object({
    title: yup.string().trim().required(required).min(3, t('create.titleMin')).max(QUESTIONNAIRE_TITLE_MAX),
    description: yup.string().max(QUESTIONNAIRE_TEXT_MAX),
    opensAt: yup.string().required(required),
    closesAt: yup
      .string()
      .required(required)
      .test('after', t('create.closesAfter'), function (value) {
        return !value || !this.parent.opensAt || new Date(value) > new Date(this.parent.opensAt);
      }),
    audienceId: yup.string().when('audienceKind', { is: (k: string) => k !== 'teachers', then: (s) => s.required(required) }),
    teacherId: evaluation(),
    disciplineId: evaluation(),
    questions: yup.array().of(
      yup.object({
        text: yup.string().trim().required(required).max(QUESTION_TEXT_MAX),
        options: yup.string().when('kind', {
          is: (k: string) => k === 'single' || k === 'multiple',
          then: (s) =>
            s.test('options', t('create.optionsRule', { max: OPTIONS_MAX }), (v) => lines(v ?? '').length >= 2 && lines(v ?? '').length <= OPTIONS_MAX),
        }),
      }),
    ),
  });
}

export function createBody(v: CreateValues, year: number, ws: 1 | 2): CreateBody {
  const evaluation = v.kind === 'evaluation';
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    kind: v.kind,
    anonymous: v.anonymous,
    opensAt: new Date(v.opensAt).toISOString(),
    closesAt: new Date(v.closesAt).toISOString(),
    id_a_year: year,
    id_w_s: ws,
    audience: { kind: v.audienceKind, id: v.audienceId ? Number(v.audienceId) : null },
    ...(evaluation ? { id_teacher: Number(v.teacherId), id_discipline: Number(v.disciplineId) } : {}),
    questions: v.questions.map((q) => ({
      kind: q.kind,
      text: q.text.trim(),
      options: q.kind === 'single' || q.kind === 'multiple' ? lines(q.options) : [],
      required: q.required,
    })),
  };
}
