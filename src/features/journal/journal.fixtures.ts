/** Test data of the journal's tests: the demo teacher's laboratory journal of ПИ-1-24. */
import type { JournalInfo } from '../../../contract/visitlog';

export const journalInfo = (id: number, over: Partial<JournalInfo> = {}): JournalInfo => ({
  id_journal: id,
  id_a_year: 2026,
  id_w_s: 1,
  id_semester: 5,
  semester: '5',
  id_discipline: 7,
  discipline: 'Веб-программирование',
  id_vid_zaniatiy: 3,
  vid_zaniatiy: 'Лабораторная работа',
  id_examination: 1,
  examination: 'Экзамен',
  credits: 5,
  id_groupOrPotok: 10,
  groupOrPotok: 'ПИ-1-24',
  isPotok: false,
  subgroup: 1,
  id_f_educ: 1,
  f_educ: 'Очная',
  id_teacher: 2,
  teacher: 'Асанов Бакыт Кубанычбекович',
  ...over,
});
