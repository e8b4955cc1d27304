/**
 * The journal's totals (docs/areas/journal.md#for-users), one copy that the server and the client both run:
 * 'н/б' is an absence, a present lesson without a mark counts 0 in the average, 'ув' (excused)
 * counts neither, other marks are integers; the average is over the lessons attended, the mean over
 * the marks given (null before the first); both rounded to 2 decimals. A module's subtotal is the
 * same average and mean over the lessons whose topic is in that module.
 */

/** Marks as stored: null is present without a mark. */
export const TOTALS_ABSENT = 'н/б';
export const TOTALS_EXCUSED = 'ув';

export interface MarkTotals {
  nb_Count: number;
  ball_Count: number;
  /** Over the lessons attended, a present lesson without a mark counting 0. */
  ball_average: number;
  /** Over the marks given only; null before the first. */
  ball_mean: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The totals of one student's stored marks. */
export function markTotals(marks: readonly (string | null)[]): MarkTotals {
  let nb = 0;
  let sum = 0;
  let counted = 0;
  let graded = 0;
  for (const m of marks) {
    if (m === TOTALS_ABSENT) nb++;
    else if (m === TOTALS_EXCUSED) continue;
    else {
      sum += m === null ? 0 : parseInt(m, 10) || 0;
      counted++;
      if (m !== null) graded++;
    }
  }
  return { nb_Count: nb, ball_Count: sum, ball_average: counted ? round2(sum / counted) : 0, ball_mean: graded ? round2(sum / graded) : null };
}

/** A lesson's topic as far as the subtotals go: its lesson and its module (null: none). */
export interface TopicModule {
  visitDate: string;
  id_time: number;
  id_module: number | null;
}

/** A stored mark at a lesson. */
export interface LessonMark {
  visitDate: string;
  id_time: number;
  otsenka: string | null;
}

/** One module's subtotal of a student: the average and the mean over that module's lessons. */
export interface ModuleSubtotal {
  id_module: number;
  ball_average: number;
  ball_mean: number | null;
}

const lessonOf = (date: string, time: number) => `${date}|${time}`;

/** The modules a journal's topics carry, in ascending order (none: the journal shows no subtotals). */
export function modulesOf(topics: readonly TopicModule[]): number[] {
  return [...new Set(topics.flatMap((t) => (t.id_module === null ? [] : [t.id_module])))].sort((a, b) => a - b);
}

/** Each lesson's module by a journal's topics, made once per list of topics (a list is never changed in place). */
const modulesByLesson = new WeakMap<readonly TopicModule[], ReadonlyMap<string, number | null>>();
function moduleByLesson(topics: readonly TopicModule[]): ReadonlyMap<string, number | null> {
  let moduleOf = modulesByLesson.get(topics);
  if (!moduleOf) modulesByLesson.set(topics, (moduleOf = new Map(topics.map((t) => [lessonOf(t.visitDate, t.id_time), t.id_module]))));
  return moduleOf;
}

/** A student's subtotal per module of `modules`, from his marks and the journal's topics (each student of a journal reads the same topics). */
export function moduleSubtotals(
  marks: readonly LessonMark[],
  topics: readonly TopicModule[],
  modules: readonly number[] = modulesOf(topics),
): ModuleSubtotal[] {
  const moduleOf = moduleByLesson(topics);
  // The marks by module in one pass, in their order.
  const marksOf = new Map<number, (string | null)[]>(modules.map((id) => [id, []]));
  for (const m of marks) {
    const id = moduleOf.get(lessonOf(m.visitDate, m.id_time));
    if (id !== undefined && id !== null) marksOf.get(id)?.push(m.otsenka);
  }
  return modules.map((id) => {
    const { ball_average, ball_mean } = markTotals(marksOf.get(id)!);
    return { id_module: id, ball_average, ball_mean };
  });
}
