/** The texts of the timetable import in kg, ru and en (merged into imports.texts.ts; the offerings import uses some too). */
import type { Texts } from './imports.texts';

/** Why a timetable row is refused. */
export const TIMETABLE_PROBLEMS = {
  unknownAcademicYear: {
    ru: 'нет учебного года «{value}»: пишите его как «2026-27» или годом его начала, 2026',
    kg: '«{value}» окуу жылы жок: аны «2026-27» же башталган жылы менен, 2026, деп жазыңыз',
    en: 'there is no academic year "{value}": write it as "2026-27" or as the year it starts, 2026',
  },
  unknownHalfYear: {
    ru: '«{value}» — не полугодие: 1 (осеннее) или 2 (весеннее)',
    kg: '«{value}» — жарым жыл эмес: 1 (күзгү) же 2 (жазгы)',
    en: '"{value}" is not a half-year: 1 (autumn) or 2 (spring)',
  },
  unknownGroupOrStream: {
    ru: 'нет группы или потока «{value}»: сначала импортируйте группы',
    kg: '«{value}» тобу же агымы жок: адегенде топторду импорттоңуз',
    en: 'there is no group or stream "{value}": import the groups first',
  },
  noSemesterOfStudy: {
    ru: 'у {group} (набор {admission} года) в {academicYear} учебном году нет семестра обучения',
    kg: '{group} ({admission}-жылы кабыл алынган) {academicYear} окуу жылында окуу семестри жок',
    en: '{group} ({admission} intake) has no semester of study in the academic year {academicYear}',
  },
  badDay: {
    ru: '«{value}» — не учебный день: от 1 (понедельник) до 6 (суббота) или его название',
    kg: '«{value}» — окуу күнү эмес: 1ден (дүйшөмбү) 6га (ишемби) чейин же анын аталышы',
    en: '"{value}" is not a teaching day: 1 (Monday) to 6 (Saturday) or its name',
  },
  unknownLessonTime: {
    ru: 'нет пары «{value}»: пишите её номер или начало: {times}',
    kg: '«{value}» парасы жок: анын номерин же башталышын жазыңыз: {times}',
    en: 'there is no lesson time "{value}": write its number or its start: {times}',
  },
  unknownLessonType: {
    ru: '«{value}» — неизвестный вид занятия: {types}',
    kg: '«{value}» — белгисиз сабактын түрү: {types}',
    en: '"{value}" is not a lesson type: {types}',
  },
  unknownTeacher: {
    ru: 'нет преподавателя с кодом «{value}»: сначала импортируйте преподавателей',
    kg: '«{value}» коду менен окутуучу жок: адегенде окутуучуларды импорттоңуз',
    en: 'there is no teacher with the code "{value}": import the teachers first',
  },
  unknownRoom: {
    ru: 'нет аудитории «{value}»: сначала импортируйте аудитории',
    kg: '«{value}» аудиториясы жок: адегенде аудиторияларды импорттоңуз',
    en: 'there is no room "{value}": import the rooms first',
  },
  notInPlan: {
    ru: 'дисциплины {discipline} нет в учебном плане {group} на {semester}-й семестр: сначала импортируйте учебные планы',
    kg: '{discipline} сабагы {group} үчүн {semester}-семестрдин окуу планында жок: адегенде окуу пландарын импорттоңуз',
    en: 'the discipline {discipline} is not in the study plan of {group} for semester {semester}: import the plans first',
  },
  roomTaken: {
    ru: 'аудитория {room} в это время уже занята: {other}',
    kg: '{room} аудиториясы бул убакта бош эмес: {other}',
    en: 'the room {room} is already taken at that time: {other}',
  },
  teacherBusy: {
    ru: 'у преподавателя {value} в это время уже есть занятие: {other}',
    kg: '{value} окутуучусунун бул убакта башка сабагы бар: {other}',
    en: 'the teacher {value} already has a lesson at that time: {other}',
  },
  groupBusy: {
    ru: 'у группы {value} в это время уже есть занятие: {other}',
    kg: '{value} тобунун бул убакта башка сабагы бар: {other}',
    en: 'the group {value} already has a lesson at that time: {other}',
  },
} satisfies Record<string, Texts>;

/** The words of a timetable preview. */
export const TIMETABLE_WORDS = {
  missingLessons: {
    ru: 'Занятий этих полугодий нет в файле: {count}. Они остаются как есть: ничего не удаляется',
    kg: 'Бул жарым жылдардын сабактарынан файлда жоктор: {count}. Алар ошол бойдон калат: эч нерсе өчүрүлбөйт',
    en: 'Lessons of these half-years not in the file: {count}. They stay as they are: nothing is deleted',
  },
  lessonKey: {
    ru: '{target}{subgroup}: {day}, {time}, {year}, {halfYear}',
    kg: '{target}{subgroup}: {day}, {time}, {year}, {halfYear}',
    en: '{target}{subgroup}: {day}, {time}, {year}, {halfYear}',
  },
  subgroup: { ru: ' (подгруппа {number})', kg: ' ({number}-кичи топ)', en: ' (subgroup {number})' },
  lesson: {
    ru: '{discipline}, {lessonType}, преподаватель {teacher}, аудитория {room}',
    kg: '{discipline}, {lessonType}, окутуучу {teacher}, аудитория {room}',
    en: '{discipline}, {lessonType}, teacher {teacher}, room {room}',
  },
  otherLine: { ru: 'строка {line} этого файла', kg: 'бул файлдын {line}-сабы', en: 'line {line} of this file' },
  otherLesson: { ru: '{lesson} (на портале)', kg: '{lesson} (порталда)', en: '{lesson} (in the portal)' },
} satisfies Record<string, Texts>;
