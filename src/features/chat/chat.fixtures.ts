/** Test data of the chat's tests: the web discipline, one teacher as a contact, her messages. */
import type { ChatMessage } from '@contract/chat';
import type { ChatContact } from './chat.slice';

export const web = { id: 7, isSelect: 0, discipline: 'Веб-программирование', kredit: 5, vid_discipline: 'Лекция' };
export const aipery: ChatContact = { idid: 9001, id_type: 2, fio: 'Сыдыкова Айпери Талантовна', countMessages: 2 };

/** Message `id` from Aipery, unread. */
export function msg(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id_message: id,
    message: `m${id}`,
    ismine: false,
    date: '2026-11-20T10:00:00.000Z',
    id_from_type: 2,
    id_from: 9001,
    fio: 'Сыдыкова А.',
    file: null,
    isread: false,
    ...extra,
  };
}
