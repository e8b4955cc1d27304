/**
 * /lms/chat: disciplines and people in the layout's discipline and contact columns, the open
 * conversation in the content area. On phones (tab 'messages') the three are a stack:
 * disciplines → contacts → conversation, each with a way back.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { chatActions, selectChat } from './chat.slice';
import { BackIcon } from '@components/icons';
import { ContactPanel } from './components/ContactPanel';
import { Conversation } from './components/Conversation';
import { DisciplinePanel } from './components/DisciplinePanel';
// The chat's styles, one file per component, in this order (later rules win at equal specificity).
import './components/columns.css';
import './components/conversation.css';
import './components/message.css';
import './components/composer.css';
import './components/imageViewer.css';
import './chat-stack.css';

export { ContactPanel as ChatContactColumn, DisciplinePanel as ChatDisciplineColumn };

/** The content of /lms/chat; `mobile` stacks the columns into it. */
export default function ChatScreen({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const { activeContact, showContacts } = useAppSelector(selectChat);

  useEffect(() => {
    // Nothing opens (and nothing is marked read) until the user picks a contact.
    dispatch(chatActions.opened({ autoOpenGroup: false }));
  }, [dispatch]);

  if (!mobile) return <Conversation />;

  if (activeContact) return <Conversation onBack={() => dispatch(chatActions.contactCleared())} backLabel={t('conversation.back')} />;
  if (showContacts)
    return (
      <div className="chat-stack">
        <button type="button" className="btn btn-ghost chat-stack-back" onClick={() => dispatch(chatActions.contactsHidden())}>
          <BackIcon size={20} />
          {t('disciplines.title')}
        </button>
        <ContactPanel />
      </div>
    );
  return (
    <div className="chat-stack">
      <DisciplinePanel />
    </div>
  );
}
