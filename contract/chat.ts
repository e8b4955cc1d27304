/**
 * Chat calls under /api/chat/ (docs/areas/chat.md#calls): one-to-one conversations (a teacher and
 * a student he teaches) and group chats (a group and a discipline taught to it), 20 messages a page,
 * text with one file or photo, unread counts, and live events over Server-Sent Events.
 *
 * Who may talk to whom (docs/security.md#access): a student with the teachers who teach his group and
 * in his group's chats of the disciplines taught to it; a teacher with the students of the groups he
 * teaches and in those groups' chats of the disciplines he teaches them. Anything else is 403.
 * The caller's own identity fields (id_from, id_HumanFrom, uid) must name the session's user.
 */
import { Type, type Static } from 'typebox';
import { DB_INT_MAX, DbId, HalfYear, Ok, Role, YearStart } from './common';

/** The group chat pseudo-contact (docs/areas/chat.md#calls): id -1, faculty 1, group -1, id_type 2. */
export const GROUP_CHAT_ID = -1;
/** 20 messages a page (docs/areas/chat.md#calls). */
export const CHAT_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 4000;

const year = YearStart;
const ws = HalfYear;
/** Row ids (PostgreSQL integer) and person ids; message ids are bigint, kept to safe integers. */
const id = DbId;
const personId = Type.Integer({ minimum: -1, maximum: DB_INT_MAX });
const messageId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** Where the conversation happens (recorded with each message written). */
const context = {
  year,
  ws,
  id_discipline: id,
  kredit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
};

/** One-to-one: from the caller (id_from_type, id_from) to a person (id_to_type, id_to). */
const privateTarget = {
  id_from_type: Role,
  id_from: personId,
  id_to_type: Role,
  id_to: personId,
};

/** Group chat: the caller (id_humanTypeFrom, id_HumanFrom) in the chat of group gr_potok about id_discipline. */
const groupTarget = {
  id_humanTypeFrom: Role,
  id_HumanFrom: personId,
  /** The group id. */
  gr_potok: id,
  IsSelect: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};

/** Either conversation: group when gr_potok is given (and id_to is absent or -1), else one-to-one. */
const eitherTarget = {
  id_from_type: Type.Optional(Role),
  id_from: Type.Optional(personId),
  id_to_type: Type.Optional(Role),
  id_to: Type.Optional(personId),
  id_humanTypeFrom: Type.Optional(Role),
  id_HumanFrom: Type.Optional(personId),
  gr_potok: Type.Optional(id),
  IsSelect: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};

/** POST messages.json: a one-to-one conversation, opened around the first unread message. */
export const MessagesBody = Type.Object({ ...context, ...privateTarget });
export type MessagesBody = Static<typeof MessagesBody>;

/** POST group/messages.json: a group chat, opened around the first unread message. */
export const GroupMessagesBody = Type.Object({ ...context, ...groupTarget });
export type GroupMessagesBody = Static<typeof GroupMessagesBody>;

/** Either conversation (readall.json, and the text fields of insert.json). */
export const ConversationBody = Type.Object({ ...context, ...eitherTarget });
export type ConversationBody = Static<typeof ConversationBody>;

/** POST old.json / new.json: up to 20 messages before / after the message id_lastMessage. */
export const PageBody = Type.Object({ ...context, ...eitherTarget, id_lastMessage: messageId });
export type PageBody = Static<typeof PageBody>;

export const ChatFile = Type.Object({
  id: Type.Integer(),
  /** The name it was uploaded with (shown, never used as a path). */
  name: Type.String(),
  size: Type.Integer(),
  /** Type sniffed from the content. */
  mime: Type.String(),
  /** png, jpeg, gif or webp: shown as a thumbnail. */
  image: Type.Boolean(),
});
export type ChatFile = Static<typeof ChatFile>;

/** A message (docs/areas/chat.md#calls). Its file is at GET /api/chat/download.file?id=<id_message>. */
export const ChatMessage = Type.Object({
  id_message: Type.Integer(),
  message: Type.String(),
  /** Written by the caller. */
  ismine: Type.Boolean(),
  /** ISO 8601 time it was sent. */
  date: Type.String(),
  /** The sender: role and person id, full name. */
  id_from_type: Role,
  id_from: Type.Integer(),
  fio: Type.String(),
  file: Type.Union([ChatFile, Type.Null()]),
  /** One-to-one: the recipient has read it (group chats: false). */
  isread: Type.Boolean(),
});
export type ChatMessage = Static<typeof ChatMessage>;

/**
 * A conversation opened: up to 20 messages in time order. With unread messages, the page starts
 * at or before the first unread one (`unreades_start`, its id; `unreades_total` of them) and
 * `existsNextNew` says whether newer ones follow; without, it is the latest 20.
 */
export const MessagesPage = Type.Object({
  messages: Type.Array(ChatMessage),
  unreades_start: Type.Union([Type.Integer(), Type.Null()]),
  unreades_total: Type.Integer(),
  existsNextNew: Type.Boolean(),
});
export type MessagesPage = Static<typeof MessagesPage>;
export const MessagesReply = Ok(MessagesPage);

/** old.json / new.json: up to 20 messages in time order (fewer than 20: nothing further). */
export const PageReply = Ok(Type.Array(ChatMessage));

/**
 * POST insert.json (multipart/form-data): the fields of ConversationBody as text, `message` (up to
 * 4000 characters) and at most one file (any field name, e.g. `files`). Text, a file or both.
 * Over UPLOAD_LIMIT_MB: 413 TOO_LARGE and nothing is stored; a type not allowed: 400 UNSUPPORTED_TYPE.
 */
export const InsertFields = Type.Object({ ...context, ...eitherTarget, message: Type.Optional(Type.String({ maxLength: MESSAGE_MAX_LENGTH })) });
export type InsertFields = Static<typeof InsertFields>;
export const InsertReply = Ok(ChatMessage);

/** POST read.json {id_message}: marks one message read (it must be in one's conversation). */
export const ReadBody = Type.Object({ id_message: messageId });
export type ReadBody = Static<typeof ReadBody>;
/** marked: false when it was already read (or is one's own). */
export const ReadReply = Ok(Type.Object({ marked: Type.Boolean() }));

/** POST readall.json: marks the whole conversation read; marked = messages that were unread. */
export const ReadAllReply = Ok(Type.Object({ marked: Type.Integer() }));

/** POST deletemessage.json {id_message, uid}: deletes one's own message (uid must be the caller's). */
export const DeleteBody = Type.Object({ id_message: messageId, uid: Type.Integer() });
export type DeleteBody = Static<typeof DeleteBody>;
/** Success: `[{result: 1}]` (the client checks the first row). */
export const DeleteRow = Type.Object({ result: Type.Integer() });
export type DeleteRow = Static<typeof DeleteRow>;
export const DeleteReply = Ok(Type.Array(DeleteRow));

/**
 * Unread messages: in total, per person (one-to-one), per group chat, and per discipline (its group
 * chats and the one-to-one messages written about it; the disciplines' counts add up to the total).
 */
export const UnreadCounts = Type.Object({
  total: Type.Integer(),
  contacts: Type.Array(Type.Object({ id_type: Role, idid: Type.Integer(), countMessages: Type.Integer() })),
  groups: Type.Array(Type.Object({ gr_potok: Type.Integer(), id_discipline: Type.Integer(), countMessages: Type.Integer() })),
  disciplines: Type.Array(Type.Object({ id_discipline: Type.Integer(), countMessages: Type.Integer() })),
});
export type UnreadCounts = Static<typeof UnreadCounts>;
/** POST count.json {} */
export const CountBody = Type.Object({});
export const CountReply = Ok(UnreadCounts);

/** Which conversation an event is about, seen from the receiver: the other person, or the group chat. */
export type ConversationRef = { kind: 'private'; id_type: Role; idid: number } | { kind: 'group'; gr_potok: number; id_discipline: number };

/**
 * GET /api/chat/events.json: text/event-stream for the session's user. Events (data is JSON):
 *   counts    UnreadCounts, first when the stream opens, then after the user reads on any device
 *   message   LiveMessage: a new message in one of the user's conversations (null: too large to
 *             travel, fetch with new.json and count.json)
 *   deleted   LiveDeleted: a message was deleted
 *   read      LiveRead: the other person read one's one-to-one messages (these ids, or all up to upTo)
 *   resync    {}: events may have been missed, reload counts and the open conversation
 * Heartbeat comments keep the stream open; the stream ends when the session does.
 */
export interface LiveMessage {
  conversation: ConversationRef;
  message: ChatMessage;
}
export interface LiveDeleted {
  conversation: ConversationRef;
  id_message: number;
}
export interface LiveRead {
  conversation: ConversationRef;
  ids?: number[];
  upTo?: number;
}
