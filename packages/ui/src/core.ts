/**
 * @balcao/ui/core: everything of the kit that does not need Fluent UI, so the
 * login page can use the API client, session state and validation while the
 * component library loads only once the user is inside the app.
 */
export { api, ApiClient, type Query, type RequestOptions } from './api/client.js'
export { ApiError, isApiError, type FieldError } from './api/errors.js'
export * from './api/types.js'
export { realtime, RealtimeClient, type RealtimeMessage } from './realtime/client.js'
export { sessionAtom, userAtom, isAdmin, type SessionState, type SessionStatus } from './session/atoms.js'
export { toasts, DEFAULT_TOAST_MS, LONG_TOAST_MS, type ToastMessage, type ToastIntent } from './notify/bus.js'
export { errorText, retryAfterText, toastError } from './notify/errors.js'
export * from './format/dates.js'
export * from './format/schedule.js'
export * from './format/fileName.js'
export { downloadFile, exportFile, saveBlob, type ExportProgress } from './api/save.js'
export * from './validation/rules.js'
export { addErrorTexts, kitResources, type KitTexts } from './i18n/index.js'
export { useDebouncedValue } from './hooks/useDebouncedValue.js'
export { usePagedList, type Page, type PageLoader } from './hooks/usePagedList.js'
export { usePermissionGate, DENIAL_REDIRECT_MS } from './hooks/usePermissionGate.js'
export { singleton } from './singleton.js'
export { OPTION_SOURCES, provides, type ManifestModule, type OptionSource } from './modules/optionSources.js'
export {
  loadModulesManifest,
  forgetModulesManifest,
  useChannelDefs,
  useModulesManifest,
  localizedText,
  type ChannelManifestDef,
  type LocalizedText,
  type ModulesManifest,
} from './modules/channels.js'
export { routeEmbeds, type EmbedLoader, type RouteEmbedProps } from './modules/embeds.js'
export * from './shortcuts/index.js'
