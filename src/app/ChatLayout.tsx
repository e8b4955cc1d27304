/** /lms/chat inside the shell: the chat's discipline and contact columns beside its conversation. */
import ChatScreen, { ChatContactColumn, ChatDisciplineColumn } from '../features/chat/ChatScreen';
import { selectIsMobile } from '@shared/shell/shell.slice';
import { useAppSelector } from '@shared/hooks';
import Layout from './Layout';

export default function ChatLayout() {
  const mobile = useAppSelector(selectIsMobile);
  return (
    <Layout disciplineColumn={<ChatDisciplineColumn />} contactColumn={<ChatContactColumn />}>
      <ChatScreen mobile={mobile} />
    </Layout>
  );
}
