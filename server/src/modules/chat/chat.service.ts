/**
 * The chat's rules (docs/areas/chat.md#calls, docs/security.md#access): who may talk to whom, pages of 20 by id cursor, unread
 * counts and read marks, messages with one file or photo, deletion of one's own messages, and the
 * live events that tell the people concerned (chat.live.ts turns them into stream events).
 *
 * A one-to-one conversation is a pair of accounts: a student and a teacher who teaches his group
 * (any discipline, any year). A group chat is (group, discipline): the group's students and the
 * teachers who teach that discipline to the group. Everything else is 403.
 */
import {
  CHAT_PAGE_SIZE,
  GROUP_CHAT_ID,
  type InsertFields,
  type ChatMessage,
  type ConversationBody,
  type ConversationRef,
  type DeleteBody,
  type DeleteRow,
  type GroupMessagesBody,
  type MessagesBody,
  type MessagesPage,
  type PageBody,
  type ReadBody,
  type UnreadCounts,
} from '@contract/chat';
import { ROLE_TEACHER, type Role } from '@contract/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fullName } from '../../lib/person';
import { badRequest, forbidden, notFound } from '../../app-error';
import type { Download, MultipartInput } from '../../plugins/files';
import { isImageType } from '../../plugins/sniff';
import * as people from '../../shared/academic/academic.repository';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { unreadBySender, unreadPrivateByDiscipline } from '../../shared/messages.repository';
import * as repo from './chat.repository';
import type { Conversation, MessageRow } from './chat.repository';

/** Messages shown before the first unread one when a conversation opens. */
const CONTEXT_BEFORE_UNREAD = 5;

/** Live event names on the bus. */
export const CHAT_EVENTS = { message: 'chat.message', deleted: 'chat.deleted', counts: 'chat.counts', read: 'chat.read' } as const;

/** A conversation the caller may use, with the accounts that take part in it. */
interface Resolved {
  conversation: Conversation;
  /** Accounts to tell about a change. */
  members: number[];
  /** How each member sees the conversation. */
  refs: Record<number, ConversationRef> | null;
  ref: ConversationRef | null;
}

/** What a message event carries on the bus (seen from the sender; each stream adapts it). */
export interface MessageEventData {
  senderUserId: number;
  ref: ConversationRef | null;
  refs: Record<string, ConversationRef> | null;
  message: ChatMessage;
}

/** The recipient read one-to-one messages: the sender's screens show them as read. */
export interface ReadEventData {
  ref: ConversationRef;
  ids?: number[];
  upTo?: number;
}

export interface DeletedEventData {
  ref: ConversationRef | null;
  refs: Record<string, ConversationRef> | null;
  id_message: number;
}

export function messageView(row: MessageRow, me: number): ChatMessage {
  return {
    id_message: row.id,
    message: row.message,
    ismine: row.senderUserId === me,
    date: row.createdAt.toISOString(),
    id_from_type: row.senderRole as Role,
    id_from: row.senderPersonId,
    fio: fullName(row),
    file:
      row.fileId !== null && row.fileName !== null
        ? { id: row.fileId, name: row.fileName, size: row.fileSize ?? 0, mime: row.fileMime ?? 'application/octet-stream', image: isImageType(row.fileMime) }
        : null,
    isread: row.recipientUserId !== null && row.readAt !== null,
  };
}

export class ChatService {
  constructor(private readonly ctx: AppContext) {}

  // --- conversations ----------------------------------------------------------------------------

  private async ownGroup(auth: AuthInfo): Promise<number> {
    const groupId = await people.groupOfStudent(this.ctx.db, auth.uid);
    if (groupId === undefined) throw forbidden();
    return groupId;
  }

  /** A one-to-one conversation with a person the caller may talk to. */
  private async privateWith(auth: AuthInfo, toType: Role, toId: number): Promise<Resolved> {
    if (toType === auth.role) throw forbidden();
    const other = await people.accountOfPerson(this.ctx.db, toType, toId);
    if (!other || other.disabled) throw forbidden();
    const allowed =
      auth.role === ROLE_TEACHER ? await this.teachesStudent(auth.uid, toId) : await people.teachesGroup(this.ctx.db, toId, await this.ownGroup(auth));
    if (!allowed) throw forbidden();
    return {
      conversation: { kind: 'private', me: auth.userId, other: other.userId },
      members: [auth.userId, other.userId],
      refs: {
        [auth.userId]: { kind: 'private', id_type: toType, idid: toId },
        [other.userId]: { kind: 'private', id_type: auth.role, idid: auth.uid },
      },
      ref: null,
    };
  }

  private async teachesStudent(teacherId: number, studentId: number, disciplineId?: number): Promise<boolean> {
    const groupId = await people.groupOfStudent(this.ctx.db, studentId);
    return groupId !== undefined && people.teachesGroup(this.ctx.db, teacherId, groupId, disciplineId);
  }

  /** May the caller take part in the chat of this group about this discipline? */
  private async inGroupChat(auth: AuthInfo, groupId: number, disciplineId: number): Promise<boolean> {
    if (auth.role === ROLE_TEACHER) return people.teachesGroup(this.ctx.db, auth.uid, groupId, disciplineId);
    const own = await people.groupOfStudent(this.ctx.db, auth.uid);
    return own === groupId && people.groupStudiesDiscipline(this.ctx.db, groupId, disciplineId);
  }

  private async groupChat(auth: AuthInfo, groupId: number, disciplineId: number): Promise<Resolved> {
    if (!(await this.inGroupChat(auth, groupId, disciplineId))) throw forbidden();
    return {
      conversation: { kind: 'group', me: auth.userId, groupId, disciplineId },
      members: await this.groupMembers(groupId, disciplineId),
      refs: null,
      ref: { kind: 'group', gr_potok: groupId, id_discipline: disciplineId },
    };
  }

  private async groupMembers(groupId: number, disciplineId: number): Promise<number[]> {
    const [students, teachers] = await Promise.all([
      people.studentsOfGroup(this.ctx.db, groupId),
      people.teacherUsersOfGroupDiscipline(this.ctx.db, groupId, disciplineId),
    ]);
    return [...students.map((s) => s.userId), ...teachers];
  }

  /** Either kind of conversation from the common fields (group when gr_potok is given and id_to is absent or -1). */
  private async resolve(auth: AuthInfo, input: Omit<ConversationBody, 'year' | 'ws'> & { id_discipline: number }): Promise<Resolved> {
    assertOwn(auth, { role: input.id_from_type, uid: input.id_from });
    assertOwn(auth, { role: input.id_humanTypeFrom, uid: input.id_HumanFrom });
    if (input.gr_potok !== undefined && (input.id_to === undefined || input.id_to === GROUP_CHAT_ID))
      return this.groupChat(auth, input.gr_potok, input.id_discipline);
    if (input.id_to === undefined || input.id_to_type === undefined) throw badRequest({ field: 'id_to' });
    return this.privateWith(auth, input.id_to_type, input.id_to);
  }

  /** The conversation a stored message belongs to, when the caller takes part in it. */
  private async conversationOf(auth: AuthInfo, row: MessageRow): Promise<Resolved> {
    if (row.groupId !== null && row.disciplineId !== null) return this.groupChat(auth, row.groupId, row.disciplineId);
    const other = row.senderUserId === auth.userId ? row.recipientUserId : row.recipientUserId === auth.userId ? row.senderUserId : null;
    if (other === null) throw forbidden();
    const [account] = await people.accounts(this.ctx.db, [other]);
    if (!account) throw forbidden();
    return {
      conversation: { kind: 'private', me: auth.userId, other },
      members: [auth.userId, other],
      refs: {
        [auth.userId]: { kind: 'private', id_type: account.role as Role, idid: account.personId },
        [other]: { kind: 'private', id_type: auth.role, idid: auth.uid },
      },
      ref: null,
    };
  }

  private async messageOr404(id: number): Promise<MessageRow> {
    const row = await repo.findMessage(this.ctx.db, id);
    if (!row) throw notFound();
    return row;
  }

  // --- reading ----------------------------------------------------------------------------------

  /** Opens a conversation around its first unread message (else its latest 20). */
  private async open(auth: AuthInfo, c: Conversation): Promise<MessagesPage> {
    const db = this.ctx.db;
    const { first, total } = await repo.unread(db, c);
    if (first === null) {
      const messages = await repo.latest(db, c, CHAT_PAGE_SIZE);
      return { messages: messages.map((r) => messageView(r, auth.userId)), unreades_start: null, unreades_total: 0, existsNextNew: false };
    }
    let head = await repo.before(db, c, first, CONTEXT_BEFORE_UNREAD);
    const room = CHAT_PAGE_SIZE - head.length;
    const fromFirst = await repo.after(db, c, first, room + 1, true);
    const tail = fromFirst.slice(0, room);
    if (tail.length < room) head = [...(await repo.before(db, c, head[0]?.id ?? first, room - tail.length)), ...head];
    return {
      messages: [...head, ...tail].map((r) => messageView(r, auth.userId)),
      unreades_start: first,
      unreades_total: total,
      existsNextNew: fromFirst.length > room,
    };
  }

  async messages(auth: AuthInfo, input: MessagesBody): Promise<MessagesPage> {
    assertOwn(auth, { role: input.id_from_type, uid: input.id_from });
    const { conversation } = await this.privateWith(auth, input.id_to_type, input.id_to);
    return this.open(auth, conversation);
  }

  async groupMessages(auth: AuthInfo, input: GroupMessagesBody): Promise<MessagesPage> {
    assertOwn(auth, { role: input.id_humanTypeFrom, uid: input.id_HumanFrom });
    const { conversation } = await this.groupChat(auth, input.gr_potok, input.id_discipline);
    return this.open(auth, conversation);
  }

  async older(auth: AuthInfo, input: PageBody): Promise<ChatMessage[]> {
    const { conversation } = await this.resolve(auth, input);
    const rows = await repo.before(this.ctx.db, conversation, input.id_lastMessage, CHAT_PAGE_SIZE);
    return rows.map((r) => messageView(r, auth.userId));
  }

  async newer(auth: AuthInfo, input: PageBody): Promise<ChatMessage[]> {
    const { conversation } = await this.resolve(auth, input);
    const rows = await repo.after(this.ctx.db, conversation, input.id_lastMessage, CHAT_PAGE_SIZE);
    return rows.map((r) => messageView(r, auth.userId));
  }

  // --- unread -----------------------------------------------------------------------------------

  async counts(auth: AuthInfo, db: Db = this.ctx.db): Promise<UnreadCounts> {
    const chats = auth.role === ROLE_TEACHER ? await people.groupChatsOfTeacher(db, auth.uid) : await this.studentGroupChats(auth, db);
    const [privates, groups, privatesByDiscipline] = await Promise.all([
      unreadBySender(db, auth.userId),
      repo.unreadInGroups(db, auth.userId, chats),
      unreadPrivateByDiscipline(db, auth.userId),
    ]);
    const contacts = privates.map((p) => ({ id_type: p.role as Role, idid: p.personId, countMessages: p.count }));
    const groupCounts = groups.filter((g) => g.count > 0).map((g) => ({ gr_potok: g.groupId, id_discipline: g.disciplineId, countMessages: g.count }));
    const total = contacts.reduce((n, c) => n + c.countMessages, 0) + groupCounts.reduce((n, g) => n + g.countMessages, 0);
    const byDiscipline = new Map<number, number>();
    for (const { disciplineId, count } of [...privatesByDiscipline, ...groups])
      if (count > 0) byDiscipline.set(disciplineId, (byDiscipline.get(disciplineId) ?? 0) + count);
    const disciplines = [...byDiscipline].map(([id_discipline, countMessages]) => ({ id_discipline, countMessages }));
    return { total, contacts, groups: groupCounts, disciplines };
  }

  private async studentGroupChats(auth: AuthInfo, db: Db) {
    const groupId = await people.groupOfStudent(db, auth.uid);
    if (groupId === undefined) return [];
    return (await people.disciplinesTaughtToGroup(db, groupId)).map((disciplineId) => ({ groupId, disciplineId }));
  }

  /** Tells the caller's other tabs and devices the fresh counts. */
  private async publishCounts(auth: AuthInfo, db: Db): Promise<void> {
    await this.ctx.live.publish(db, CHAT_EVENTS.counts, [auth.userId], await this.counts(auth, db));
  }

  async read(auth: AuthInfo, input: ReadBody): Promise<{ marked: boolean }> {
    const row = await this.messageOr404(input.id_message);
    const { conversation } = await this.conversationOf(auth, row);
    return this.ctx.db.transaction(async (tx) => {
      const marked = await repo.markRead(tx, conversation, row.id, this.ctx.now());
      if (marked) {
        await this.publishCounts(auth, tx);
        if (conversation.kind === 'private') await this.publishRead(tx, auth, row.senderUserId, { ids: [row.id] });
      }
      return { marked };
    });
  }

  async readAll(auth: AuthInfo, input: ConversationBody): Promise<{ marked: number }> {
    const { conversation } = await this.resolve(auth, input);
    return this.ctx.db.transaction(async (tx) => {
      const { marked, lastId } = await repo.markAllRead(tx, conversation, this.ctx.now());
      if (marked > 0) {
        await this.publishCounts(auth, tx);
        if (conversation.kind === 'private' && lastId !== null) await this.publishRead(tx, auth, conversation.other, { upTo: lastId });
      }
      return { marked };
    });
  }

  /** Tells the sender of one-to-one messages that the caller read them. */
  private async publishRead(db: Db, auth: AuthInfo, sender: number, which: { ids?: number[]; upTo?: number }): Promise<void> {
    const event: ReadEventData = { ref: { kind: 'private', id_type: auth.role, idid: auth.uid }, ...which };
    await this.ctx.live.publish(db, CHAT_EVENTS.read, [sender], event);
  }

  // --- writing ----------------------------------------------------------------------------------

  /** insert.json: text and/or one file; nothing is stored when anything fails. */
  async insert(auth: AuthInfo, upload: MultipartInput<InsertFields>): Promise<ChatMessage> {
    return upload(async ({ fields: input, files }) => {
      const text = (input.message ?? '').trim();
      if (!text && files.length === 0) throw badRequest({ field: 'message' });
      const target = await this.resolve(auth, input);
      if (target.conversation.kind === 'private') await this.assertSharedDiscipline(auth, input.id_to as number, input.id_discipline);
      // The bytes go to the store first, outside the transaction (a transfer may take long).
      await this.ctx.files.put(...files);
      return this.ctx.db.transaction(async (tx) => {
        if (!(await people.academicYearExists(tx, input.year))) throw badRequest({ field: 'year' });
        const stored = files[0] ? await this.ctx.files.save(tx, auth.userId, files[0]) : null;
        const c = target.conversation;
        const id = await repo.insertMessage(tx, {
          senderUserId: auth.userId,
          recipientUserId: c.kind === 'private' ? c.other : null,
          groupId: c.kind === 'group' ? c.groupId : null,
          disciplineId: input.id_discipline,
          academicYearId: input.year,
          workingSemesterId: input.ws,
          message: text,
          fileId: stored?.id ?? null,
          createdAt: this.ctx.now(),
        });
        const row = (await repo.findMessage(tx, id))!;
        const event: MessageEventData = { senderUserId: auth.userId, ref: target.ref, refs: target.refs, message: messageView(row, -1) };
        await this.ctx.live.publish(tx, CHAT_EVENTS.message, target.members, event);
        return messageView(row, auth.userId);
      });
    });
  }

  /**
   * A one-to-one message is about a discipline the two share: the teacher teaches it to the
   * student's group (a discipline the caller neither studies nor teaches, or that does not exist, is 403).
   */
  private async assertSharedDiscipline(auth: AuthInfo, otherPersonId: number, disciplineId: number): Promise<void> {
    const shared =
      auth.role === ROLE_TEACHER
        ? await this.teachesStudent(auth.uid, otherPersonId, disciplineId)
        : await people.teachesGroup(this.ctx.db, otherPersonId, await this.ownGroup(auth), disciplineId);
    if (!shared) throw forbidden();
  }

  /** deletemessage.json: one's own message (and its file); `[{result: 1}]`. */
  async remove(auth: AuthInfo, input: DeleteBody): Promise<DeleteRow[]> {
    assertOwn(auth, { uid: input.uid });
    const row = await this.messageOr404(input.id_message);
    if (row.senderUserId !== auth.userId) throw forbidden();
    const target = await this.conversationOf(auth, row).catch(() => null);
    await this.ctx.db.transaction(async (tx) => {
      await repo.deleteMessage(tx, row.id);
      if (row.fileId !== null) await this.ctx.files.remove(tx, [row.fileId]);
      const members = target?.members ?? [auth.userId];
      const event: DeletedEventData = { ref: target?.ref ?? null, refs: target?.refs ?? null, id_message: row.id };
      await this.ctx.live.publish(tx, CHAT_EVENTS.deleted, members, event);
    });
    return [{ result: 1 }];
  }

  /** The file of a message, to the people of its conversation. */
  async download(auth: AuthInfo, messageId: number): Promise<Download> {
    const row = await this.messageOr404(messageId);
    await this.conversationOf(auth, row);
    if (row.fileId === null) throw notFound();
    const file = await this.ctx.files.find(this.ctx.db, row.fileId);
    if (!file) throw notFound();
    return file;
  }
}
