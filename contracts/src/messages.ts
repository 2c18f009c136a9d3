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
    phone: 'not a phone number: digits, spaces, +, - and parentheses, at least 5 digits',
    invalidDate: 'Invalid date',
    number: 'field must be a number',
    notNegative: 'must not be negative',
    tooLarge: 'number is too large',
    datePast: 'due date cannot be in the past',
    leaseEndBeforeStart: 'lease end cannot be before lease start',
    leaseEndBeforeToday: 'lease end cannot be before today',
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
    roleNotAssigned: 'the invitation was sent, but the directory did not take the portal role yet: invite the same address again to finish',
    updateFailed: "failed to update user's data",
    invited: 'successfully saved',
    updated: "updated user's details",
    listFailed: 'failed to fetch users',
    fetchFailed: 'failed to fetch user',
  },
  lease: {
    saved: 'successfully saved a lease',
    saveFailed: 'failed to save a lease',
    updated: 'successfully updated lease',
    updateFailed: 'failed to update lease',
  },
  reminders: {
    added: 'successfully added new lease reminder',
    addFailed: 'failed to add new lease reminder',
    updated: 'successfully updated reminder',
    updateFailed: 'failed to update reminder',
    deleted: 'successfully deleted reminder',
    deleteFailed: 'failed to delete reminder',
  },
  brokering: {
    saved: 'successfully saved brokering project',
    saveFailed: 'failed to save brokering project',
    updateFailed: 'failed to update brokering project',
    fetchFailed: 'failed to fetch brokering data',
    externalUsersFailed: 'unable to fetch external user list',
    internalUsersFailed: 'unable to fetch internal user list',
    noDocuments: 'no documents for this brokering project',
    documentsForbidden: "you're not allowed to access the documents. contact the administrator to grant you access",
    documentsFailed: 'failed to fetch documents',
    /** Not in the spec: the document store's permission is asked for when documents are first shown, not at sign-in. */
    documentsConsentNeeded: 'Showing the documents needs your permission to read the document store, once.',
    documentsConsentButton: 'allow access to documents',
    invalidPath: 'invalid folder path',
  },
  timeline: {
    sectionSaved: 'successfully saved section',
    /** Not in the spec's catalogue: an event's add or edit said 'successfully saved section'. */
    eventSaved: 'successfully saved event',
    sectionUpdateFailed: 'failed to update section',
    deleted: 'successfully deleted',
    deleteFailed: 'failed to delete',
    fetchFailed: 'Failed to fetch timeline data',
    sectionNotUpdated: 'The section could not be updated',
    invalidDate: 'invalid date',
    endAfterStart: 'end date must be at least one day after the start date',
  },
  move: {
    saved: 'successfully saved a move',
    saveFailed: 'failed to save a move: ',
  },
  colors: {
    /** `{{color}}` is the colour's name as the settings say it ('primary color'), `{{value}}` the hex value. */
    updated: 'Successfully updated {{color}} to {{value}}',
    removed: '{{Color}} was successfully removed.',
    updateFailed: 'Failed to update {{color}}',
    fetchFailed: 'Failed to get custom colors',
    clearFailed: 'Failed to clear custom colors',
    cleared: 'Successfully cleared custom colors',
    clearConfirm: 'Are you sure you want to clear {{color}}?',
    clearAllConfirm: 'Are you sure you want to clear all custom colors?',
    cannotUndo: "You can't undo this action",
  },
  movePages: {
    added: 'move page added',
    addFailed: 'failed to create move page',
    updated: 'successfully saved a page',
    updateFailed: 'failed to update move page',
    removed: 'successfully removed a page',
    removeFailed: 'failed to remove a move page',
    toggled: 'successfully toggled published value',
    toggleFailed: 'failed to toggle published value',
    moved: 'successfully updated move page position',
    moveFailed: 'failed to update move page position',
  },
  moveDocuments: {
    heading: 'Uploaded documents',
    browse: 'Browse...',
    add: 'Add file',
    none: 'No documents uploaded',
    deleteConfirm: 'Are you sure you want to delete?',
    storeFailed: 'Failed to store the document',
    deleteFailed: 'Failed to delete the document',
    /** The spec leaves a failed download unhandled; users expect to be told. */
    downloadFailed: 'Failed to download the document',
    /** Said with storeFailed when the chosen file is over the limit (the server's words for a 413). */
    tooLarge: 'the file is larger than {{size}}',
    /** Said with storeFailed when the file's content is a program (the server's words for that 415). */
    program: 'a program cannot be stored as a document',
    // Not shown in the spec: worded as decisions.md says ('successfully {verb} {thing}').
    stored: 'successfully stored the document',
    deleted: 'successfully deleted the document',
    moved: 'successfully moved the document',
  },
  faq: {
    added: 'successfully added',
    addFailed: 'failed to add question',
    updated: 'successfully updated faq',
    updateFailed: 'failed to update FAQ',
    deleted: 'successfully deleted',
    deleteFailed: 'failed to delete FAQ',
    moved: 'successfully rearranged',
    moveFailed: 'failed to rearrange FAQ',
    none: 'No frequently asked questions',
  },
  // Contacts and details: the spec gives no wording; decisions.md's 'successfully {verb} {thing}'.
  moveContacts: {
    added: 'successfully added contact',
    addFailed: 'failed to add contact',
    updated: 'successfully updated contact',
    updateFailed: 'failed to update contact',
    deleted: 'successfully removed contact',
    deleteFailed: 'failed to remove contact',
    moved: 'successfully rearranged contacts',
    moveFailed: 'failed to rearrange contacts',
    /** The visitor side's empty text (spec part 2, section 2), used on the admin screen too. */
    none: 'No contacts available',
  },
  moveDetails: {
    added: 'successfully added details',
    /** Shown in the error colour (decisions.md; the spec notes the success colour as a probable defect). */
    addFailed: 'failed to add details',
    updated: 'successfully updated details',
    updateFailed: 'failed to update details',
    deleted: 'successfully removed details',
    deleteFailed: 'failed to remove details',
    moved: 'successfully rearranged details',
    moveFailed: 'failed to rearrange details',
    none: 'No items to show',
    untitled: 'click to expand',
  },
  feedback: {
    deleted: 'successfully deleted',
    deleteFailed: 'failed to delete feedback',
    saved: 'successfully saved',
    saveFailed: 'failed to submit answer',
    mailed: 'successfully sent email',
    mailFailed: 'failed to send email',
    fetchFailed: 'fetching feedback failed',
    /** The item is gone (deleted elsewhere) when it is answered or deleted. */
    goneOrUnreadable: 'The feedback could not be deleted or fetched',
    /** The item was changed elsewhere (another answer) since it was opened. */
    answerNotAdded: 'The answer could not be added',
    none: 'no feedback found',
    // Not in the spec: what the server says when an answer cannot be mailed.
    contactNeeded: 'an e-mail address or a phone number is needed so that an answer can be sent',
    noEmail: 'the person who asked left no e-mail address: call them instead',
    mailOff: 'e-mail is switched off for this portal',
  },
  planner: {
    steps: ['Upload floor plan layouts', 'Mark the areas', 'Connect people to areas', 'Finish the label order sheet'],
    specifyFloors: 'Specify floors',
    addSpaces: 'Add spaces and tables',
    addFloor: 'Add floor',
    downloadCsv: 'Download csv',
    floorRequired: 'Please enter a floor number',
    fileRequired: 'Please upload a floor plan',
    floorUnique: 'Floor number or name must be unique',
    deleteFloorConfirm: "You're about to delete floor plan for floor number {{n}}",
    floorNumberUpdated: 'Successfully updated floor number',
    floorNumberFailed: 'Failed to update floor number',
    floorLabelUpdated: 'Successfully updated floor label',
    floorLabelFailed: 'Failed to update floor label',
    /** As the spec writes it. */
    defaultFloorUpdated: 'Sucessfully updated default floor',
    defaultFloorFailed: 'Failed to update default floor',
    importConfirm: 'The file will replace the existing allocation of people. Will you continue to import people from the file?',
    errors: {
      getMove: 'Error getting move',
      saveMoveOptions: 'Error saving move options',
      getUnassigned: 'Error getting unassigned owners',
      saveUnassigned: 'Error saving unassigned owners',
      getLayouts: 'Error getting all layouts',
      saveLayout: 'Error saving new layout',
      createMarker: 'Error creating new marker',
      removeMarker: 'Error removing marker',
      updateMarker: 'Error updating marker',
      invalidRequest: 'Invalid request',
      createMarkerUser: 'Error creating new marker user',
      deleteMarkerUser: 'Error deleting marker user',
      updateMarkerUser: 'Error updating marker user',
      csvDownload: 'Error in downloading the CSV file',
    },
    /** Beyond the spec: a new image of another shape would misplace the markers. */
    imageShapeChanged: 'The new floor plan has another aspect ratio: its spaces and tables would be misplaced. Confirm to replace it and remove them.',
    duplicateSpace: 'A space with this number already exists on this floor',
    duplicateTable: 'This space already has a table with this letter',
  },
  templates: {
    added: 'successfully added',
    addFailed: 'failed to save a template',
    updated: 'successfully updated',
    updateFailed: 'failed to save template',
    /** The spec's words for every failed template delete, reorder and availability change, as written. */
    actionFailed: 'failed to remove a move page',
    // Not in the spec's catalogue, which says only the failures: the successes said nothing.
    availabilityChanged: 'successfully updated availability',
    moved: 'successfully updated template position',
    deleted: 'successfully removed a template',
    fetchFailed: 'failed to fetch data',
  },
  common: {
    fetchFailed: 'failed to fetch data',
    deleteConfirm: "This item will be deleted immediately. You can't undo this action",
    /**
     * The delete confirmation of a record a move's recent changes can bring back (`undeletableKinds`): the
     * spec's words, then where it can be brought back from (issue 45).
     */
    deleteConfirmBringBack: "This item will be deleted immediately. You can't undo this action. You can bring it back from the move's recent changes.",
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

/** Notifications of the move settings (colours) and documents hide after 3 seconds (spec part 2, section 9). */
export const SETTINGS_TOAST_MS = 3000;
