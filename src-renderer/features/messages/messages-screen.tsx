import { useSearchParams } from 'react-router';
import { ConversationView } from './conversation-view.tsx';
import { MessagesList, type MessagesSide } from './messages-list.tsx';

/** The inbox or sent screen: the list, or with `?conversation=` that conversation. */
export function MessagesScreen({ side }: { side: MessagesSide }) {
  const [params] = useSearchParams();
  const conversationId = params.get('conversation');
  if (conversationId) {
    const back = new URLSearchParams(params);
    back.delete('conversation');
    const query = back.toString();
    return (
      <ConversationView
        key={conversationId}
        conversationId={conversationId}
        backTo={query ? `?${query}` : '.'}
      />
    );
  }
  return <MessagesList side={side} />;
}
