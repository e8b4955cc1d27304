/**
 * A journal's setup: its mark scale, its subgroups and its planned topics. The caller's rights and the
 * period check are journal.service.ts's.
 */
import {
  MARK_SCALES,
  type MarkScale,
  type ScaleBody,
  type JournalBody,
  type JournalStudent,
  type PlanTopic,
  type PlanTopicsBody,
  type Subgroup,
  type SubgroupsUpdateBody,
} from '@contract/journal';
import { AppError, badRequest } from '../../app-error';
import type { AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import { assertWritable, ownJournal, publishChange, type JournalWriteContext } from './journal.service';
import { studentView } from './journal.views';

export class JournalSetup {
  constructor(private readonly ctx: JournalWriteContext) {}

  /**
   * The journal's mark scale (its setup). Refused with SCALE_IN_USE while stored marks would not
   * fit the new scale, and like every write while the half-year is closed.
   */
  async setScale(auth: AuthInfo, input: ScaleBody): Promise<{ scale: MarkScale }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    assertWritable(this.ctx, auth, a, null, 'plan');
    const { min, max } = MARK_SCALES[input.scale];
    await this.ctx.db.transaction(async (tx) => {
      const misfits = await repo.marksOutside(tx, a.id, min, max);
      if (misfits > 0) throw new AppError(409, 'SCALE_IN_USE', { count: misfits });
      await repo.setMarkScale(tx, a.id, input.scale);
      await publishChange(this.ctx, tx, a);
    });
    return { scale: input.scale };
  }

  /** The journal's own subgroups, and every student of its group(s) they may hold. */
  async subgroups(auth: AuthInfo, input: JournalBody): Promise<{ subgroups: Subgroup[]; students: JournalStudent[] }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const [subgroups, students] = await Promise.all([repo.subgroupsOf(this.ctx.db, a.id), repo.studentsOf(this.ctx.db, a, { everyone: true })]);
    return { subgroups, students: students.map(studentView) };
  }

  /**
   * Creates or edits the subgroups (one transaction): numbers unique, each student of the group(s)
   * in one subgroup at most. The split is the same for the caller's journals of that group,
   * discipline and lesson type (the journal of subgroup 1 and the one of subgroup 2), so each of
   * them gets it.
   */
  async updateSubgroups(auth: AuthInfo, input: SubgroupsUpdateBody): Promise<{ subgroups: Subgroup[]; students: JournalStudent[] }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    assertWritable(this.ctx, auth, a, null, 'plan');
    const numbers = input.subgroups.map((g) => g.number);
    if (new Set(numbers).size !== numbers.length) throw badRequest();
    const all = input.subgroups.flatMap((g) => g.students);
    if (new Set(all).size !== all.length) throw badRequest();
    const list = input.subgroups.map((g) => ({ ...g, name: g.name.trim() }));
    if (list.some((g) => !g.name)) throw badRequest();
    await this.ctx.db.transaction(async (tx) => {
      const allowed = new Set((await repo.studentsOf(tx, a, { everyone: true })).map((s) => s.id));
      if (all.some((id) => !allowed.has(id))) throw badRequest();
      for (const sibling of await repo.splitSiblings(tx, a)) {
        await repo.replaceSubgroups(tx, sibling.id, list);
        await publishChange(this.ctx, tx, sibling);
      }
    });
    return this.subgroups(auth, input);
  }

  /** The journal's planned topics (input topics). */
  async planTopics(auth: AuthInfo, input: JournalBody): Promise<PlanTopic[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return (await repo.planTopicsOf(this.ctx.db, a.id)).map((t) => ({ number: t.number, topic: t.topic, hours: t.hours, id_module: t.moduleId }));
  }

  /** Replaces the planned topics (one transaction): numbers unique, modules that exist. */
  async savePlanTopics(auth: AuthInfo, input: PlanTopicsBody): Promise<PlanTopic[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    assertWritable(this.ctx, auth, a, null, 'plan');
    const numbers = input.topics.map((t) => t.number);
    if (new Set(numbers).size !== numbers.length || input.topics.some((t) => !t.topic.trim())) throw badRequest();
    await this.ctx.db.transaction(async (tx) => {
      const modules = new Set((await repo.moduleList(tx)).map((m) => m.id));
      if (input.topics.some((t) => t.id_module !== null && !modules.has(t.id_module))) throw badRequest();
      await repo.replacePlanTopics(
        tx,
        a.id,
        input.topics.map((t) => ({ number: t.number, topic: t.topic.trim(), hours: t.hours, moduleId: t.id_module })),
      );
    });
    return this.planTopics(auth, input);
  }
}
