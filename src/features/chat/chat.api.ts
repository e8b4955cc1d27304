/** Chat calls (docs/areas/chat.md#for-users): conversations, paging, sending with a file, read marks, counts, deletion. */
import type {
  ChatMessage,
  ConversationBody,
  DeleteBody,
  DeleteRow,
  GroupMessagesBody,
  MessagesBody,
  MessagesPage,
  PageBody,
  ReadBody,
  UnreadCounts,
} from '@contract/chat';
import { post } from '@api/http';

const session = { session: true } as const;

/** URL of a message's attachment (an image thumbnail or a download). */
export const chatFileUrl = (messageId: number) => `/api/chat/download.file?id=${messageId}`;

export const chatApi = {
  messages: (body: MessagesBody) => post<MessagesPage>('api/chat/messages.json', body, session),
  groupMessages: (body: GroupMessagesBody) => post<MessagesPage>('api/chat/group/messages.json', body, session),
  older: (body: PageBody) => post<ChatMessage[]>('api/chat/old.json', body, session),
  newer: (body: PageBody) => post<ChatMessage[]>('api/chat/new.json', body, session),
  insert: (form: FormData) => post<ChatMessage>('api/chat/insert.json', form, { ...session, idempotent: true }),
  read: (body: ReadBody) => post<{ marked: boolean }>('api/chat/read.json', body, session),
  readAll: (body: ConversationBody) => post<{ marked: number }>('api/chat/readall.json', body, session),
  count: () => post<UnreadCounts>('api/chat/count.json', {}, session),
  remove: (body: DeleteBody) => post<DeleteRow[]>('api/chat/deletemessage.json', body, session),
};
