// The client saved last in this tab, so that the list it was added from can say why it does not show it
// (a new client has no active location, and the list shows by default only clients with one).
const KEY = 'movers.clients.saved';

export function rememberSavedClient(id: string) {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // Storage refused (private mode): the list then says nothing.
  }
}

export function savedClient(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetSavedClient() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
