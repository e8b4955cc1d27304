/**
 * The attendance-and-grades journal, calls under /api/visitlog/ (docs/areas/journal.md#calls).
 * A journal (`id_journal`) is one teaching assignment: a teacher gives a lesson type of a discipline
 * to a group or a stream (and subgroup) in a year and half-year. Its cells are visit records, one per
 * student and lesson occurrence (date `visitDate` and lesson time `id_time`).
 *
 * Marks (`otsenka`): null = present without a mark, 'н/б' = absent, 'ув' = absent for a valid
 * reason, or an integer 0..100. In a write, '+' means present and null clears the cell.
 * Only the journal's own teacher reads or writes it; a student reads only his own journal
 * (docs/security.md#access).
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, YearStart } from './common';

export const MARK_ABSENT = 'н/б';
export const MARK_EXCUSED = 'ув';
/** In a write: present without a mark. */
export const MARK_PRESENT = '+';
export const MARK_MAX = 100;
/**
 * The mark scales a journal can use (chosen in its setup; '2-5' by default): the whole numbers a
 * cell takes besides '+', 'н/б' and 'ув'.
 */
export const MARK_SCALES = { '2-5': { min: 2, max: 5 }, '0-100': { min: 0, max: 100 } } as const;
export type MarkScale = keyof typeof MARK_SCALES;
export const MarkScale = Type.Union([Type.Literal('2-5'), Type.Literal('0-100')]);
/** Lesson numbers order1..order5. */
export const LESSON_NUMBER_MAX = 5;
export const TOPIC_MAX_LENGTH = 500;
/** A journal's cells in one paste or bulk write. */
export const CELLS_PER_WRITE_MAX = 500;

/** A mark as a write carries it: '+', 'н/б', 'ув' or digits; the service checks the range (INVALID_MARK). */
export const MarkInput = Type.Union([Type.String({ minLength: 1, maxLength: 8 }), Type.Null()]);
/** A mark as stored: null is present without a mark. */
export const Mark = Type.Union([Type.String(), Type.Null()]);

/** 'YYYY-MM-DD' */
export const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
const time = Type.Integer({ minimum: 1, maximum: 20 });

export const ListReply = Ok(Type.Array(IdName));

/** POST journals.json / journals/bygroup.json: the caller's journals in a year and half-year. */
export const JournalsBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear });
export type JournalsBody = Static<typeof JournalsBody>;

/** POST groups.json: the groups of the caller's journals in a year and half-year, of one semester when it names one. */
export const GroupsBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear, id_semester: Type.Optional(DbId) });
export type GroupsBody = Static<typeof GroupsBody>;

export const JournalInfo = Type.Object({
  id_journal: Type.Integer(),
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  id_semester: Type.Integer(),
  semester: Type.String(),
  id_discipline: Type.Integer(),
  discipline: Type.String(),
  id_vid_zaniatiy: Type.Integer(),
  vid_zaniatiy: Type.String(),
  id_examination: Type.Integer(),
  examination: Type.String(),
  credits: Type.Integer(),
  /** The group's or stream's id and name; isPotok: a stream. */
  id_groupOrPotok: Type.Integer(),
  groupOrPotok: Type.String(),
  isPotok: Type.Boolean(),
  subgroup: Type.Integer(),
  id_f_educ: Type.Integer(),
  f_educ: Type.String(),
  id_teacher: Type.Integer(),
  teacher: Type.String(),
  /** The journal's half-year, first and last day ('YYYY-MM-DD'): every write's date lies in it (docs/areas/journal.md#for-users). */
  startsOn: Type.String(),
  endsOn: Type.String(),
  /** The first day on which the half-year is read-only (its end plus the configured grace period). */
  closesOn: Type.String(),
  /** The half-year is closed for the caller: the journal is read-only (PERIOD_CLOSED). */
  readOnly: Type.Boolean(),
  /** The journal's mark scale (MARK_SCALES). */
  scale: MarkScale,
});
export type JournalInfo = Static<typeof JournalInfo>;
export const JournalsReply = Ok(Type.Array(JournalInfo));

/**
 * GET start.json: the teacher's first view of the journal screen in one reply, each member exactly
 * the reply of the call named: `years` (misc/years.json), `journals` (journals.json for the year and
 * half-year `half`, the current ones), `times` (times.json) and `modules` (modules.json). Teachers
 * only. The screen shows the current period of the session's settings (settings.json); `half` says
 * which period the journals are of.
 */
export const JournalStart = Type.Object({
  years: Type.Array(IdName),
  half: JournalsBody,
  journals: Type.Array(JournalInfo),
  times: Type.Array(IdName),
  modules: Type.Array(IdName),
});
export type JournalStart = Static<typeof JournalStart>;
export const JournalStartReply = Ok(JournalStart);

/** A call about one journal. */
export const JournalBody = Type.Object({ id_journal: DbId });
export type JournalBody = Static<typeof JournalBody>;

export const JournalStudent = Type.Object({
  id_student: Type.Integer(),
  s_fio: Type.String(),
  code: Type.String(),
  group: Type.String(),
  subgroup: Type.Integer(),
});
export type JournalStudent = Static<typeof JournalStudent>;
export const StudentsReply = Ok(Type.Array(JournalStudent));

/** A lesson occurrence of the journal. */
export const Occurrence = Type.Object({ visitDate: IsoDate, id_time: time });
export type Occurrence = Static<typeof Occurrence>;
export const DatesReply = Ok(Type.Array(Type.Object({ visitDate: Type.String(), id_time: Type.Integer(), time: Type.String() })));

/** A visit record as the journal shows it. */
export const VisitRow = Type.Object({
  id_studentJournalVisit: Type.Integer(),
  id_student: Type.Integer(),
  visitDate: Type.String(),
  id_time: Type.Integer(),
  otsenka: Mark,
  source: Type.String(),
  updatedAt: Type.String(),
});
export type VisitRow = Static<typeof VisitRow>;

export const LessonTopic = Type.Object({
  visitDate: Type.String(),
  id_time: Type.Integer(),
  topic: Type.String(),
  lessonNumber: Type.Integer(),
  hours: Type.Integer(),
  id_module: Type.Union([Type.Integer(), Type.Null()]),
  id_planTopic: Type.Union([Type.Integer(), Type.Null()]),
});
export type LessonTopic = Static<typeof LessonTopic>;

/**
 * One student's ready row of resArray: name, absences, sum and average. The marks themselves are in
 * the raw records (`journal[0]`), which the grid pivots by student and lesson; the reply carries
 * each record once.
 */
export const JournalRow = Type.Object({
  id_student: Type.Integer(),
  s_fio: Type.String(),
  nb_Count: Type.Integer(),
  ball_Count: Type.Integer(),
  /** The sum over the lessons attended (not excused), a present lesson without a mark counting 0 (docs/areas/journal.md#for-users), to 2 decimals. */
  ball_average: Type.Number(),
  /** The mean of the marks given (graded lessons only), to 2 decimals; null before the first mark. */
  ball_mean: Type.Union([Type.Number(), Type.Null()]),
});
export type JournalRow = Static<typeof JournalRow>;

/**
 * A student's final result of the journal's discipline in its half-year (final_results, which the
 * transcript reads): points 0–100 and the university scale's number and letter equivalents.
 */
export const FinalResult = Type.Object({ id_student: Type.Integer(), points: Type.Integer(), ekv_num: Type.Number(), ekv_bukv: Type.String() });
export type FinalResult = Static<typeof FinalResult>;

/** POST journal.json: the journal (raw records of its listed students, topics), its students, its lessons, resArray and the final results. */
export const JournalData = Type.Object({
  info: JournalInfo,
  journal: Type.Tuple([Type.Array(VisitRow), Type.Array(LessonTopic)]),
  students: Type.Array(JournalStudent),
  dates: Type.Array(Type.Object({ visitDate: Type.String(), id_time: Type.Integer(), time: Type.String() })),
  resArray: Type.Array(JournalRow),
  finals: Type.Array(FinalResult),
});
export type JournalData = Static<typeof JournalData>;
export const JournalReply = Ok(JournalData);

/** POST visit/set.json: one cell (student, occurrence) set to a mark, '+' present, or null cleared. */
export const VisitSetBody = Type.Object({ id_journal: DbId, id_student: DbId, visitDate: IsoDate, id_time: time, otsenka: MarkInput });
export type VisitSetBody = Static<typeof VisitSetBody>;
/** The cell after the write (null: no record). */
export const CellReply = Ok(Type.Union([VisitRow, Type.Null()]));

/** POST visit/update.json: a record's mark by its id; id_teacher must be the caller. */
export const VisitUpdateBody = Type.Object({
  id_studentJournalVisit: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  id_otsenka: MarkInput,
  id_teacher: Type.Optional(Type.Integer()),
});
export type VisitUpdateBody = Static<typeof VisitUpdateBody>;

/** The final results one paste may carry (one per listed student). */
export const FINALS_PER_WRITE_MAX = 500;

/**
 * POST visit/paste.json: a pasted block, all or nothing: its cells and, when the block reaches the
 * final-result column, the final results of its rows (points as final/set.json takes them: whole
 * 0–100, else INVALID_POINTS; null deletes). At least one cell or one final result.
 */
export const VisitPasteBody = Type.Object({
  id_journal: DbId,
  cells: Type.Array(Type.Object({ id_student: DbId, visitDate: IsoDate, id_time: time, otsenka: MarkInput }), { maxItems: CELLS_PER_WRITE_MAX }),
  finals: Type.Optional(Type.Array(Type.Object({ id_student: DbId, points: Type.Union([Type.Number(), Type.Null()]) }), { maxItems: FINALS_PER_WRITE_MAX })),
});
export type VisitPasteBody = Static<typeof VisitPasteBody>;
/** A pasted block as written: each cell after the write (null: no record), each final result as stored with its equivalents (null: none). */
export const PastedBlock = Type.Object({
  cells: Type.Array(Type.Object({ id_student: Type.Integer(), visitDate: Type.String(), id_time: Type.Integer(), cell: Type.Union([VisitRow, Type.Null()]) })),
  finals: Type.Array(Type.Object({ id_student: Type.Integer(), result: Type.Union([FinalResult, Type.Null()]) })),
});
export type PastedBlock = Static<typeof PastedBlock>;
export const PasteReply = Ok(PastedBlock);

/** POST visit/insertall.json (mark all present): every listed student without a record gets "present". */
export const InsertAllBody = Type.Object({ id_journal: DbId, visitDate: IsoDate, id_time: time });
export type InsertAllBody = Static<typeof InsertAllBody>;
export const InsertAllReply = Ok(Type.Object({ inserted: Type.Integer() }));

/** POST lesson/add.json: a lesson (date, lesson time) added to the journal, saved at once; the reply is the lesson. */
export const LessonAddBody = Type.Object({ id_journal: DbId, visitDate: IsoDate, id_time: time });
export type LessonAddBody = Static<typeof LessonAddBody>;
export const LessonAddReply = Ok(Type.Object({ visitDate: Type.String(), id_time: Type.Integer(), time: Type.String() }));

/** POST final/set.json: a student's final result (a whole number of points 0–100, else INVALID_POINTS; null deletes it). */
export const FinalSetBody = Type.Object({ id_journal: DbId, id_student: DbId, points: Type.Union([Type.Number(), Type.Null()]) });
export type FinalSetBody = Static<typeof FinalSetBody>;
export const FINAL_POINTS_MAX = 100;
/** The result after the write (null: none). */
export const FinalReply = Ok(Type.Union([FinalResult, Type.Null()]));

/** POST final/history.json: a student's final result's changes in the journal's discipline and half-year, newest first. */
export const FinalHistoryBody = Type.Object({ id_journal: DbId, id_student: DbId });
export type FinalHistoryBody = Static<typeof FinalHistoryBody>;
export const FinalHistoryEntry = Type.Object({
  /** 'insert' (no points before), 'update' or 'delete' (no points after). */
  action: Type.String(),
  oldPoints: Type.Union([Type.Integer(), Type.Null()]),
  newPoints: Type.Union([Type.Integer(), Type.Null()]),
  who: Type.String(),
  at: Type.String(),
});
export type FinalHistoryEntry = Static<typeof FinalHistoryEntry>;
export const FinalHistoryReply = Ok(Type.Array(FinalHistoryEntry));

/** POST visit/history.json: a cell's audit trail, newest first; source 'test': from a test's results, sourceTitle its title then. */
export const HistoryBody = Type.Object({ id_journal: DbId, id_student: DbId, visitDate: IsoDate, id_time: time });
export type HistoryBody = Static<typeof HistoryBody>;
export const HistoryEntry = Type.Object({
  action: Type.String(),
  oldMark: Mark,
  newMark: Mark,
  source: Type.String(),
  sourceTitle: Type.Union([Type.String(), Type.Null()]),
  who: Type.String(),
  at: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntry>;
export const HistoryReply = Ok(Type.Array(HistoryEntry));

/** POST topictime/update.json: what a lesson covered. */
export const TopicUpdateBody = Type.Object({
  id_journal: DbId,
  visitDate: IsoDate,
  id_time: time,
  topic: Type.String({ minLength: 1, maxLength: TOPIC_MAX_LENGTH }),
  lessonNumber: Type.Integer({ minimum: 1, maximum: LESSON_NUMBER_MAX }),
  hours: Type.Integer({ minimum: 1, maximum: 12 }),
  id_module: Type.Union([DbId, Type.Null()]),
});
export type TopicUpdateBody = Static<typeof TopicUpdateBody>;
export const TopicReply = Ok(LessonTopic);
export const TopicsReply = Ok(Type.Array(LessonTopic));

/** POST journal/delete.json: one lesson of a journal, its records and topic. */
export const JournalDeleteBody = Type.Object({
  id_year: YearStart,
  id_ws: HalfYear,
  id_semesterOrWs: DbId,
  id_groupOrPorok: DbId,
  id_vid_zaniatiy: DbId,
  id_teacher: DbId,
  id_discipline: DbId,
  kredit: Type.Integer({ minimum: 0, maximum: 100 }),
  id_time: time,
  date: IsoDate,
  isSelect: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type JournalDeleteBody = Static<typeof JournalDeleteBody>;
export const DeletedReply = Ok(Type.Object({ deleted: Type.Integer() }));

/** GET assessments.json?id_journal=: the marks a journal takes ('+', 'н/б', 'ув', then its scale); without a journal the default scale's. */
export const AssessmentsQuery = Type.Object({ id_journal: Type.Optional(DbId) });
export type AssessmentsQuery = Static<typeof AssessmentsQuery>;

/** POST scale.json: the journal's mark scale; refused (SCALE_IN_USE) while stored marks do not fit the new one. */
export const ScaleBody = Type.Object({ id_journal: DbId, scale: MarkScale });
export type ScaleBody = Static<typeof ScaleBody>;
export const ScaleReply = Ok(Type.Object({ scale: MarkScale }));

/**
 * POST student/delete.json: hides a student in a journal (off its grid, totals, print and Excel);
 * his records stay, and student/restore.json (the same body) brings him back.
 */
export const StudentDeleteBody = Type.Object({ id_journal: DbId, id_student: DbId });
export type StudentDeleteBody = Static<typeof StudentDeleteBody>;
export const RestoredReply = Ok(Type.Object({ restored: Type.Integer() }));

/** POST student/hidden.json {id_journal}: the students hidden in a journal, who hid each and when. */
export const HiddenStudent = Type.Object({
  id_student: Type.Integer(),
  s_fio: Type.String(),
  hiddenAt: Type.String(),
  hiddenBy: Type.Union([Type.String(), Type.Null()]),
});
export type HiddenStudent = Static<typeof HiddenStudent>;
export const HiddenStudentsReply = Ok(Type.Array(HiddenStudent));

/** POST student/journal.json: a student's own journal in a year and half-year (id_student must be his). */
export const StudentJournalBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear, id_student: Type.Optional(Type.Integer()) });
export type StudentJournalBody = Static<typeof StudentJournalBody>;
export const StudentJournalItem = Type.Object({
  id_journal: Type.Integer(),
  discipline: Type.String(),
  vid_zaniatiy: Type.String(),
  teacher: Type.String(),
  visits: Type.Array(Type.Object({ visitDate: Type.String(), id_time: Type.Integer(), otsenka: Mark })),
  nb_Count: Type.Integer(),
  ball_Count: Type.Integer(),
  ball_average: Type.Number(),
  ball_mean: Type.Union([Type.Number(), Type.Null()]),
  /** The subtotals of the modules the journal's topics carry (none: no modules). */
  modules: Type.Array(
    Type.Object({ id_module: Type.Integer(), module: Type.String(), ball_average: Type.Number(), ball_mean: Type.Union([Type.Number(), Type.Null()]) }),
  ),
  /** His final result of the discipline in the half-year, once entered. */
  final: Type.Union([FinalResult, Type.Null()]),
});
export type StudentJournalItem = Static<typeof StudentJournalItem>;
export const StudentJournalReply = Ok(Type.Array(StudentJournalItem));

/** GET export.xlsx?id_journal=&lang=: the journal as an Excel workbook. */
export const ExportQuery = Type.Object({ id_journal: DbId });
export type ExportQuery = Static<typeof ExportQuery>;

/** Live events on the one stream (docs/api.md#live). */
export const JOURNAL_LIVE_EVENT = 'journal';
/** A cell changed: the journal, the cell, and who wrote it (the client skips its own tab's writes by `writeId`). */
export const LiveJournalChange = Type.Object({
  id_journal: Type.Integer(),
  cells: Type.Array(Type.Object({ id_student: Type.Integer(), visitDate: Type.String(), id_time: Type.Integer(), cell: Type.Union([VisitRow, Type.Null()]) })),
  /** true: reload the journal (lessons added or removed). */
  reload: Type.Boolean(),
});
export type LiveJournalChange = Static<typeof LiveJournalChange>;

/** POST teachertimes.json: the journal's weekly lessons in the timetable. */
export const TeacherTime = Type.Object({
  idShed: Type.Integer(),
  day_number: Type.Integer(),
  id_time: Type.Integer(),
  time: Type.String(),
  auditorium: Type.String(),
});
export type TeacherTime = Static<typeof TeacherTime>;
export const TeacherTimesReply = Ok(Type.Array(TeacherTime));

/** POST qrstudents.json: the students whose presence at a lesson came from their QR scan. */
export const QrStudentsBody = Type.Object({ id_journal: DbId, visitDate: IsoDate, id_time: time });
export type QrStudentsBody = Static<typeof QrStudentsBody>;
export const QrStudentsReply = Ok(Type.Array(Type.Object({ id_student: Type.Integer(), s_fio: Type.String(), at: Type.String() })));

/** A teacher's own subgroup of a journal's students. */
export const Subgroup = Type.Object({
  number: Type.Integer({ minimum: 1, maximum: 9 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  students: Type.Array(DbId, { maxItems: 500 }),
});
export type Subgroup = Static<typeof Subgroup>;
/** POST subgroup/students.json: the subgroups and every student they may hold. */
export const SubgroupsReply = Ok(Type.Object({ subgroups: Type.Array(Subgroup), students: Type.Array(JournalStudent) }));
/** POST subgroup/update.json: replaces the journal's subgroups (an empty list: back to the group's own halves). */
export const SubgroupsUpdateBody = Type.Object({ id_journal: DbId, subgroups: Type.Array(Subgroup, { maxItems: 9 }) });
export type SubgroupsUpdateBody = Static<typeof SubgroupsUpdateBody>;

/** The planned topics of a journal (input topics), in order. */
export const PlanTopic = Type.Object({
  number: Type.Integer({ minimum: 1, maximum: 200 }),
  topic: Type.String({ minLength: 1, maxLength: TOPIC_MAX_LENGTH }),
  hours: Type.Integer({ minimum: 1, maximum: 12 }),
  id_module: Type.Union([DbId, Type.Null()]),
});
export type PlanTopic = Static<typeof PlanTopic>;
export const PlanTopicsReply = Ok(Type.Array(PlanTopic));
/** POST inputtopics/save.json: replaces the journal's planned topics. */
export const PlanTopicsBody = Type.Object({ id_journal: DbId, topics: Type.Array(PlanTopic, { maxItems: 200 }) });
export type PlanTopicsBody = Static<typeof PlanTopicsBody>;
