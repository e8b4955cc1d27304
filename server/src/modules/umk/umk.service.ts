/**
 * Teaching materials (docs/areas/umk.md#calls): a teacher's disciplines and semesters, reference lists,
 * the materials of a discipline, adding, editing and deleting one's own (optionally shared into the
 * e-library as a book), and the student's view: the materials of the disciplines taught to his
 * group, for his speciality and form of study.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type IdName, type Language } from '@contract/common';
import {
  NEW_UMK_ID,
  UMK_FILE_FIELD,
  UMK_FOR_ALL,
  UMK_FULL_TIME,
  UMK_PART_TIME,
  type UmkAudience,
  type UmkDeleteBody,
  type UmkDeleted,
  type UmkDiscipline,
  type UmkFileQuery,
  type UmkHalfBody,
  type UmkItem,
  type UmkListBody,
  type UmkSaveFields,
  type UmkSemestersBody,
  type UmkTeachersBody,
} from '@contract/umk';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { Download, MultipartInput } from '../../plugins/files';
import * as academic from '../../shared/academic/academic.repository';
import * as books from '../../shared/books.repository';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { plainText } from '../../shared/plain-text';
import { UploadRules } from '../../shared/upload-rules';
import * as repo from './umk.repository';

/** Education form ids (reference data) → the audience of the materials meant for that form. */
const AUDIENCE_OF_FORM: Record<number, UmkAudience> = { 1: UMK_FULL_TIME, 2: UMK_PART_TIME };

/** One row per discipline (the largest credit count when it is given with several). */
function disciplineList(rows: Awaited<ReturnType<typeof academic.disciplinesOf>>, lang: Language): UmkDiscipline[] {
  const byId = new Map<number, UmkDiscipline>();
  for (const r of rows) {
    const known = byId.get(r.id);
    if (!known || known.kredit < r.credits) byId.set(r.id, { id: r.id, name: localName(r, lang), kredit: r.credits });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, lang === 'en' ? 'en' : 'ru'));
}

export class UmkService {
  private readonly uploads: UploadRules;

  constructor(private readonly ctx: AppContext) {
    this.uploads = new UploadRules(ctx);
  }

  async teacherDisciplines(auth: AuthInfo, input: UmkHalfBody, lang: Language): Promise<UmkDiscipline[]> {
    const teacherId = asTeacher(auth);
    return disciplineList(await academic.disciplinesOf(this.ctx.db, { teacherId }, input), lang);
  }

  async studentDisciplines(auth: AuthInfo, input: UmkHalfBody, lang: Language): Promise<UmkDiscipline[]> {
    const student = await this.student(auth);
    return disciplineList(await academic.disciplinesOf(this.ctx.db, { groupId: student.groupId }, input), lang);
  }

  async teacherSemesters(auth: AuthInfo, input: UmkSemestersBody): Promise<IdName[]> {
    const teacherId = asTeacher(auth);
    const rows = await academic.semestersOf(this.ctx.db, { teacherId }, input, input.id_discipline);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async studentSemesters(auth: AuthInfo, input: UmkSemestersBody): Promise<IdName[]> {
    const student = await this.student(auth);
    const rows = await academic.semestersOf(this.ctx.db, { groupId: student.groupId }, input, input.id_discipline);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async types(lang: Language): Promise<IdName[]> {
    return (await repo.types(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async examTypes(lang: Language): Promise<IdName[]> {
    return (await repo.examTypes(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async teachers(auth: AuthInfo, input: UmkTeachersBody): Promise<IdName[]> {
    asTeacher(auth);
    return (await repo.teachersOfDiscipline(this.ctx.db, input.id_discipline)).map((t) => ({ id: t.id, name: fullName(t) }));
  }

  /** The library's categories a material may be shared into: 'Base category / Category'. */
  async bookCategories(auth: AuthInfo, lang: Language): Promise<IdName[]> {
    asTeacher(auth);
    const rows = await books.allCategories(this.ctx.db);
    return rows.map((r) => ({ id: r.id, name: `${localName(r.base, lang)} / ${localName(r, lang)}` }));
  }

  /** umklist: the materials of a discipline the teacher teaches (his colleagues' too, read-only). */
  async teacherList(auth: AuthInfo, input: UmkListBody, lang: Language): Promise<UmkItem[]> {
    const teacherId = asTeacher(auth);
    if (!(await repo.teachesDiscipline(this.ctx.db, teacherId, input.id_discipline))) throw forbidden();
    return this.present(auth, await repo.findItems(this.ctx.db, repo.ofDiscipline(input.id_discipline, input.id_semester)), lang);
  }

  /** getumklistforstud: materials of a discipline taught to the student's group, for his speciality and form. */
  async studentList(auth: AuthInfo, input: UmkListBody, lang: Language): Promise<UmkItem[]> {
    const student = await this.student(auth);
    if (!(await academic.groupStudiesDiscipline(this.ctx.db, student.groupId, input.id_discipline))) throw forbidden();
    const rows = await repo.findItems(this.ctx.db, repo.ofDiscipline(input.id_discipline, input.id_semester), this.visibleTo(student));
    return this.present(auth, rows, lang);
  }

  /** insertorupdateumk (multipart): the material, its file and its library copy in one transaction. */
  async save(auth: AuthInfo, upload: MultipartInput<UmkSaveFields>, lang: Language): Promise<UmkItem> {
    const teacherId = asTeacher(auth);
    const id = await upload(async ({ fields: input, files }) => {
      assertOwn(auth, { uid: input.id_human, role: input.id_humanType, userId: input.idUser });
      if (files.some((f) => f.field !== UMK_FILE_FIELD) || files.length > 1) throw badRequest({ field: UMK_FILE_FIELD });
      const db = this.ctx.db;
      if (!(await repo.teachesDiscipline(db, teacherId, input.id_discipline))) throw forbidden();
      const name = plainText(input.bookName);
      if (!name) throw badRequest({ field: 'bookName' });
      if (!(await repo.semesterExists(db, input.id_semester))) throw badRequest({ field: 'id_semester' });
      if (!(await repo.examTypeExists(db, input.id_examination))) throw badRequest({ field: 'id_examination' });
      if (!(await repo.typeExists(db, input.id_typeUmk))) throw badRequest({ field: 'id_typeUmk' });
      if (!(await academic.academicYearExists(db, input.id_a_year))) throw badRequest({ field: 'id_a_year' });
      const specialityId = input.id_speciality === undefined || input.id_speciality === -1 ? null : input.id_speciality;
      if (specialityId !== null && !(await repo.specialityExists(db, specialityId))) throw badRequest({ field: 'id_speciality' });
      const shared = input.isForEBooks === true;
      const categoryId = input.id_bookCategory === undefined || input.id_bookCategory === -1 ? null : input.id_bookCategory;
      if (shared && !(await this.uploads.mayAddToLibrary(auth))) throw forbidden();
      if (shared && (categoryId === null || !(await books.categoryExists(db, categoryId)))) throw badRequest({ field: 'id_bookCategory' });
      const values = {
        typeId: input.id_typeUmk,
        name,
        author: plainText(input.author ?? ''),
        description: (input.description ?? '').trim(),
        totalPages: input.totalPages ?? 0,
        disciplineId: input.id_discipline,
        semesterId: input.id_semester,
        academicYearId: input.id_a_year,
        controlFormId: input.id_examination,
        specialityId,
        teacherId,
        credits: input.kredits ?? 0,
        audience: input.id_forStudentKind,
      };
      const bookValues = (category: number): books.BookValues => ({
        categoryId: category,
        name,
        author: values.author || (input.author ?? ''),
        description: values.description,
        totalPages: values.totalPages,
      });
      const [file] = files;
      if (input.idBook === NEW_UMK_ID) {
        if (!file) throw badRequest({ field: UMK_FILE_FIELD });
        // The bytes go to the store first, outside the transaction (a transfer may take long).
        await this.ctx.files.put(file);
        return db.transaction(async (tx) => {
          await this.uploads.assertFits(tx, auth, file.size);
          const stored = await this.ctx.files.save(tx, auth.userId, file);
          const bookId = shared
            ? await books.insertBook(tx, { ...bookValues(categoryId!), fileId: stored.id, uploaderUserId: auth.userId, fromUmk: true })
            : null;
          return repo.insertItem(tx, { ...values, fileId: stored.id, bookId });
        });
      }
      const [item] = await repo.findItems(db, repo.byId(input.idBook));
      if (!item) throw notFound();
      if (item.teacherId !== teacherId) throw forbidden();
      if (file) await this.ctx.files.put(file);
      return db.transaction(async (tx) => {
        let fileId = item.fileId;
        if (file) {
          await this.uploads.assertFits(tx, auth, file.size);
          fileId = (await this.ctx.files.save(tx, auth.userId, file)).id;
        }
        let bookId = item.bookId;
        if (shared && bookId !== null) await books.updateBook(tx, bookId, { ...bookValues(categoryId!), fileId });
        else if (shared) bookId = await books.insertBook(tx, { ...bookValues(categoryId!), fileId, uploaderUserId: auth.userId, fromUmk: true });
        else if (bookId !== null) {
          await repo.updateItem(tx, item.id, { bookId: null });
          await books.deleteBook(tx, bookId);
          bookId = null;
        }
        await repo.updateItem(tx, item.id, { ...values, fileId, bookId });
        if (fileId !== item.fileId) await this.ctx.files.remove(tx, [item.fileId]);
        return item.id;
      });
    });
    const [row] = await repo.findItems(this.ctx.db, repo.byId(id));
    if (!row) throw notFound();
    return (await this.present(auth, [row], lang))[0];
  }

  /** deletebook: the teacher's own material, its library copy and its file, in one transaction. */
  async remove(auth: AuthInfo, input: UmkDeleteBody): Promise<UmkDeleted> {
    const teacherId = asTeacher(auth);
    assertOwn(auth, { uid: input.id_human, role: input.id_humanType });
    const [item] = await repo.findItems(this.ctx.db, repo.byId(input.id_books));
    if (!item) throw notFound();
    if (item.teacherId !== teacherId) throw forbidden();
    await this.ctx.db.transaction(async (tx) => {
      await repo.deleteItem(tx, item.id);
      if (item.bookId !== null) await books.deleteBook(tx, item.bookId);
      await this.ctx.files.remove(tx, [item.fileId]);
    });
    return { id_books: item.id, deleted: true };
  }

  /** A material's file: its teachers' colleagues on the discipline, or a student it is meant for. */
  async file(auth: AuthInfo, input: UmkFileQuery): Promise<Download> {
    const [item] = await repo.findItems(this.ctx.db, repo.byId(input.id));
    if (!item) throw notFound();
    if (auth.role === ROLE_TEACHER) {
      if (item.teacherId !== auth.uid && !(await repo.teachesDiscipline(this.ctx.db, auth.uid, item.disciplineId))) throw forbidden();
    } else {
      const student = await this.student(auth);
      const [visible] = await repo.findItems(this.ctx.db, repo.byId(item.id), this.visibleTo(student));
      if (!visible || !(await academic.groupStudiesDiscipline(this.ctx.db, student.groupId, item.disciplineId))) throw forbidden();
    }
    const file = await this.ctx.files.find(this.ctx.db, item.fileId);
    if (!file) throw notFound();
    return file;
  }

  private visibleTo(student: { specialityId: number; educationFormId: number }) {
    const own = AUDIENCE_OF_FORM[student.educationFormId];
    return repo.forStudent(student.specialityId, own === undefined ? [UMK_FOR_ALL] : [UMK_FOR_ALL, own]);
  }

  /** The calling student's group, speciality and form of study; 403 for a teacher. */
  private async student(auth: AuthInfo) {
    assertOwn(auth, { role: ROLE_STUDENT });
    const place = await academic.studentPlace(this.ctx.db, auth.uid);
    if (!place) throw forbidden();
    return place;
  }

  private present(auth: AuthInfo, rows: repo.ItemRow[], lang: Language): UmkItem[] {
    return rows.map((r) => ({
      id_books: r.id,
      id_typeUmk: r.typeId,
      typeName: localName(r.type, lang),
      umkName: r.name,
      ...books.fileFields(r),
      id_discipline: r.disciplineId,
      id_semester: r.semesterId,
      id_examination: r.controlFormId,
      id_teacher: r.teacherId,
      teacher: fullName({ surname: r.surname, name: r.firstName, patronymic: r.patronymic }),
      kredits: r.credits,
      id_forStudentKind: r.audience as UmkAudience,
      id_eBook: r.bookId,
      id_bookCategory: r.bookCategoryId,
      canEdit: auth.role === ROLE_TEACHER && r.teacherId === auth.uid,
    }));
  }
}
