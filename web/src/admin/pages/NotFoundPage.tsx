import { messages } from '@movers/contracts';
import { HomeLinkMessage } from './HomeLinkMessage.tsx';

export default function NotFoundPage() {
  return (
    <main>
      <HomeLinkMessage title={messages.auth.notFound} />
    </main>
  );
}
