/**
 * @balcao/ui: the kit shared by the shell and every remote (a federation
 * singleton). Re-exports the Fluent-free core and adds the components.
 */
// through the bare name, so federation hands every bundle the same core module
export * from '@balcao/ui/core'
export {
  DataTable,
  SEARCH_DEBOUNCE_MS,
  INFINITE_SCROLL_THRESHOLD_PX,
  type Column,
  type DataTableProps,
} from './components/DataTable.js'
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog.js'
export { DeleteDialog, type DeleteDialogProps } from './components/DeleteDialog.js'
export { FormDialog, type FormDialogProps } from './components/FormDialog.js'
export {
  TextField,
  SelectField,
  MultiSelectField,
  SwitchField,
  type SelectOption,
  type TextFieldProps,
  type SelectFieldProps,
  type SwitchFieldProps,
} from './components/FormFields.js'
export { Toaster } from './components/Toaster.js'
export { EmptyState } from './components/EmptyState.js'
export { ErrorState } from './components/ErrorState.js'
export { Page } from './components/Page.js'
export {
  ScheduleEditor,
  scheduleRows,
  WEEKDAYS,
  SHIFT_FIELDS,
  type ScheduleEditorProps,
  type WeekdaySchedule,
} from './components/ScheduleEditor.js'
export { RowActions, type RowActionsProps } from './components/RowActions.js'
export { useForm } from './hooks/useForm.js'
export { AccessDenied } from './components/AccessDenied.js'
export { EmailText } from './components/EmailText.js'
export { RouteEmbed } from './components/RouteEmbed.js'
export { TagChip } from './components/TagChip.js'
export { ColorField, isHexColor, randomColor, type ColorFieldProps } from './components/ColorField.js'
export { QrCode } from './components/QrCode.js'
export { ChannelIcon, channelIcon } from './components/ChannelIcon.js'
