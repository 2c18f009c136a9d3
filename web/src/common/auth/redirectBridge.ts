import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

// The popup lands here after sign-in or sign-out; MSAL v5 needs this page to hand the answer back.
broadcastResponseToMainFrame().catch(() => window.close());
