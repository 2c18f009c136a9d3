import { messages } from '@movers/contracts';
import type { RestrictedReason } from '../auth/access.ts';
import { HomeLinkMessage } from './HomeLinkMessage.tsx';

const why: Record<RestrictedReason | 'refused', string> = {
  staffOnly: "This page is for the moving company's staff; your account is a client's account.",
  superOnly: 'This page is for super users only.',
  otherClient: "This page belongs to another client; your account sees only your own company's data.",
  refused: 'Your account does not give access to this page. Ask your contact at the moving company if you need it.',
};

/** The spec's 'restricted access' with a sentence saying why. `refused`: the API answered 403. */
export function RestrictedPage({ reason = 'refused' }: { reason?: RestrictedReason | 'refused' }) {
  return <HomeLinkMessage title={messages.auth.restrictedAccess}>{why[reason]}</HomeLinkMessage>;
}

export default RestrictedPage;
