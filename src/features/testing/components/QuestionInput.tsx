/**
 * One paper question's answer field by kind; every choice is given at once (saved as given), a text
 * answer as it is typed (sent after a pause in typing or when the field is left, attempt.saga.ts).
 */
import { useTranslation } from 'react-i18next';
import type { Answer, PaperQuestion } from '@contract/testing';
import { hasMath } from './mathText';
import { RichText } from './RichText';

interface Props {
  q: PaperQuestion;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
  /** A text answer as typed so far. */
  onTyped: (a: Answer) => void;
  /** The text field was left. */
  onTypingEnded: () => void;
  disabled?: boolean;
}

/** The answer a short, numeric or essay field's text makes (none for a number not yet readable). */
function typedAnswer(kind: PaperQuestion['kind'], raw: string): Answer | null {
  if (kind === 'essay') return { kind: 'essay', text: raw };
  const v = raw.trim();
  if (kind === 'short') return { kind: 'short', text: v };
  const n = Number(v.replace(',', '.'));
  return v !== '' && Number.isFinite(n) ? { kind: 'numeric', value: n } : null;
}

function TextAnswer({ q, answer, onTyped, onTypingEnded, disabled }: Props) {
  const { t } = useTranslation('testing');
  const id = `q-${q.slot}-input`;
  const field = {
    id,
    disabled,
    defaultValue: answer?.kind === 'short' || answer?.kind === 'essay' ? answer.text : answer?.kind === 'numeric' ? String(answer.value) : '',
    onChange: (e: { target: { value: string } }) => {
      const a = typedAnswer(q.kind, e.target.value);
      if (a) onTyped(a);
    },
    onBlur: onTypingEnded,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('attempt.yourAnswer')}</label>
      {q.kind === 'essay' ? (
        <textarea className="input ts-essay" rows={6} {...field} />
      ) : (
        <input className="input" inputMode={q.kind === 'numeric' ? 'decimal' : 'text'} {...field} />
      )}
    </div>
  );
}

function Choices({ q, answer, onAnswer, disabled }: Props) {
  const multiple = q.kind === 'multiple';
  const chosen = answer?.kind === 'multiple' ? answer.choices : answer?.kind === 'single' ? [answer.choice] : [];
  return (
    <fieldset className="ts-options" disabled={disabled}>
      <legend className="sr-only">
        <RichText text={q.text} />
      </legend>
      {q.options.map((o) => (
        <label key={o.id} className="ts-option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={`q-${q.slot}`}
            checked={chosen.includes(o.id)}
            onChange={(e) =>
              multiple
                ? onAnswer({ kind: 'multiple', choices: e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id) })
                : onAnswer({ kind: 'single', choice: o.id })
            }
          />
          <span>
            <RichText text={o.text} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Matching({ q, answer, onAnswer, disabled }: Props) {
  const { t } = useTranslation('testing');
  const right = answer?.kind === 'matching' ? answer.right : q.left.map(() => null);
  // A list box shows text only: with formulas, the items are listed above, rendered, and chosen by number.
  const numbered = q.options.some((o) => hasMath(o.text));
  return (
    <div className="ts-matching">
      {numbered ? (
        <ol className="ts-matching-items" aria-label={t('attempt.items')}>
          {q.options.map((o) => (
            <li key={o.id}>
              <RichText text={o.text} />
            </li>
          ))}
        </ol>
      ) : null}
      {q.left.map((left, i) => (
        <div key={i} className="field">
          <label htmlFor={`q-${q.slot}-${i}`}>
            <RichText text={left} />
          </label>
          <select
            id={`q-${q.slot}-${i}`}
            className="input"
            disabled={disabled}
            value={right[i] ?? ''}
            onChange={(e) => {
              const next = q.left.map((_, j) => right[j] ?? null);
              next[i] = e.target.value === '' ? null : Number(e.target.value);
              onAnswer({ kind: 'matching', right: next });
            }}
          >
            <option value="">{t('attempt.choose')}</option>
            {q.options.map((o, n) => (
              <option key={o.id} value={o.id}>
                {numbered ? t('attempt.itemNumber', { n: n + 1 }) : o.text}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

function Ordering({ q, answer, onAnswer, disabled }: Props) {
  const { t } = useTranslation('testing');
  const order = answer?.kind === 'ordering' ? answer.order : q.options.map((o) => o.id);
  const text = (id: number) => q.options.find((o) => o.id === id)?.text ?? '';
  const move = (i: number, by: number) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onAnswer({ kind: 'ordering', order: next });
  };
  return (
    <ol className="ts-ordering">
      {order.map((id, i) => (
        <li key={id} className="ts-order-item">
          <span className="ts-order-text">
            <RichText text={text(id)} />
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={disabled || i === 0}
            onClick={() => move(i, -1)}
            aria-label={t('attempt.up', { item: text(id) })}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={disabled || i === order.length - 1}
            onClick={() => move(i, 1)}
            aria-label={t('attempt.down', { item: text(id) })}
          >
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}

export function QuestionInput(props: Props) {
  const { t } = useTranslation('testing');
  const { q, answer, onAnswer, disabled } = props;
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return <Choices {...props} />;
    case 'truefalse':
      return (
        <fieldset className="ts-options" disabled={disabled}>
          <legend className="sr-only">
            <RichText text={q.text} />
          </legend>
          {[true, false].map((v) => (
            <label key={String(v)} className="ts-option">
              <input
                type="radio"
                name={`q-${q.slot}`}
                checked={answer?.kind === 'truefalse' && answer.value === v}
                onChange={() => onAnswer({ kind: 'truefalse', value: v })}
              />
              <span>{t(v ? 'attempt.true' : 'attempt.false')}</span>
            </label>
          ))}
        </fieldset>
      );
    case 'short':
    case 'numeric':
    case 'essay':
      return <TextAnswer {...props} />;
    case 'matching':
      return <Matching {...props} />;
    case 'ordering':
      return <Ordering {...props} />;
  }
}
