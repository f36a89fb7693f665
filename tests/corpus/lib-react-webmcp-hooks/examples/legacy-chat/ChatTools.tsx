// Example from the 0.x README (before useWebMCPTool existed). Kept because the blog
// post links to it.
import { useEffect } from 'react';

interface Message {
  id: string;
  author: string;
  text: string;
}

export function ChatTools({ messages, send }: { messages: Message[]; send: (text: string) => void }) {
  useEffect(() => {
    navigator.modelContext?.registerTool({
      name: 'get_chat_messages',
      description: 'Returns the last 20 messages of the chat on screen.',
      execute: () => messages.slice(-20),
    });
    navigator.modelContext?.registerTool({
      name: 'send_chat_message',
      description: 'Sends a message to the chat as the signed-in user.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'Message text' } },
        required: ['text'],
      },
      execute: ({ text }: { text: string }) => {
        send(text);
        return 'sent';
      },
    });
  }, []);

  return null;
}
