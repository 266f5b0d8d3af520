/** Texts of the kit's components and validation rules, in English. */
import errors from './errors.en.js'

export default {
  errors,
  validation: {
    required: 'Required',
    tooShort: 'Too Short!',
    tooLong: 'Too Long!',
    invalidEmail: 'Invalid email',
    numeric: 'Numbers only',
  },
  kit: {
    search: 'Search',
    loading: 'Loading...',
    loadMore: 'Load more',
    empty: 'No records found',
    emptyHint: 'Records will show up here once there are some.',
    errorTitle: 'Could not load the list of records',
    retry: 'Try again',
    confirm: 'Confirm',
    cancel: 'Cancel',
    yes: 'Yes',
    no: 'No',
    close: 'Close',
    save: 'Save',
    actions: 'Actions',
    edit: 'Edit',
    delete: 'Delete',
    add: 'Add',
    noPermission: 'This company has no permission to access this page! We are redirecting you.',
    updating: 'Updating...',
    saved: 'Operation completed successfully!',
    dismiss: 'Dismiss',
  },
}
