/**
 * The message catalogue of the specification, verbatim. The UI shows these strings and nothing else
 * for the situations they name; the API's error messages reuse the validation ones.
 */
export const messages = {
  validation: {
    required: 'field is required',
    pleaseSelect: 'please select',
    email: 'field must be a valid email',
    minimum: 'minimum amount is {{minimum}}',
    invalidEmail: 'Invalid email',
    invalidDate: 'Invalid date',
  },
  auth: {
    notSignedIn: 'Not signed in',
    backendRejects: 'Backend does not accept token or is not responding',
    restrictedAccess: 'restricted access',
    noAssignedClient: 'no assigned client',
    notFound: 'Not Found!',
  },
  client: {
    saved: 'successfully saved client',
    saveFailed: 'failed to save client',
    fetchFailed: 'failed to fetch client data',
  },
  location: {
    saved: 'successfully saved location',
    saveFailed: 'failed to save location',
  },
  users: {
    emailExists: 'user with provided email already exists',
    inviteFailed: 'failed to save external user',
    updateFailed: "failed to update user's data",
    invited: 'successfully saved',
    updated: "updated user's details",
    listFailed: 'failed to fetch users',
    fetchFailed: 'failed to fetch user',
  },
  common: {
    fetchFailed: 'failed to fetch data',
    deleteConfirm: "This item will be deleted immediately. You can't undo this action",
    noItems: 'No items to show',
    noMatch: 'We found no match',
    dataChanged: 'The data was changed by someone else. Reload to see the latest version.',
  },
} as const;

/** Fills `{{name}}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** Toasts auto-hide after this many milliseconds (spec part 1, section 9). */
export const TOAST_MS = 4000;
