import { messages } from '@movers/contracts';
import { HomeLinkMessage } from './HomeLinkMessage.tsx';

export function RestrictedPage() {
  return <HomeLinkMessage title={messages.auth.restrictedAccess} />;
}
