import { messages } from '@movers/contracts';
import { HomeLinkMessage } from './HomeLinkMessage.tsx';

/** 'Not Found!' for an address that is no screen of the portal. */
export default function NotFoundPage() {
  return <HomeLinkMessage title={messages.auth.notFound}>There is no page at this address.</HomeLinkMessage>;
}
