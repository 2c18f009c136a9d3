import { messages } from '@movers/contracts';
import { applyTheme } from '../../common/theme.ts';
import { HomeLinkMessage } from './HomeLinkMessage.tsx';

// Shown signed out too, without the shell that otherwise brings the theme.
applyTheme();

/** 'Not Found!' for an address that is no screen of the portal. */
export default function NotFoundPage() {
  return <HomeLinkMessage title={messages.auth.notFound}>There is no page at this address.</HomeLinkMessage>;
}
