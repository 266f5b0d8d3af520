/**
 * The plugin contracts. A module (modules/<name>/module.ts) or a channel
 * (channels/<name>/channel.ts) default-exports one of these manifests. Manifests
 * hold data and lazy imports only, so the core can read them before the app boots.
 */

/**
 * A plan flag: a switch of the company's plan that turns a module or channel
 * on or off. Flags are declared by the plugin that brings them (`planFlags` in
 * its manifest); the core declares only the spec's flags whose module is not
 * built yet (core/public/plan_flags.ts). The plans screen, the plan validators
 * and the browser read the list from there: adding a flag edits one manifest.
 */
export type PlanFlag = string

export interface PlanFlagDefinition {
  /** the flag's field in plan payloads, e.g. useCampaigns */
  name: PlanFlag
  /** label of its switch on the plans screen */
  label: Localized
  /** value for plans saved before the flag existed; false when absent */
  default?: boolean
}

export type MenuRole = 'any' | 'admin' | 'super' | 'dashboard'

export interface MenuEntry {
  /** Browser route the entry opens, e.g. /helps */
  path: string
  /** i18n key of the label in the shell's catalogue */
  label: string
  /** icon name from the shell's icon set */
  icon?: string
  /** who sees it; defaults to any signed-in user */
  role?: MenuRole
  /** who may open the page when it differs from who sees the entry (e.g. a page open to all, listed for admins) */
  access?: MenuRole
  /** main menu or the administration section */
  section?: 'main' | 'admin'
  order?: number
}

export interface RemoteEntry {
  /** federation name of the remote (also its folder under remotes/) */
  name: string
  /** exposed module that renders the pages, e.g. './App' */
  expose: string
  /** browser routes the remote renders */
  routes: string[]
}

export interface SettingDefinition {
  default: string
  /** allowed values; free text when absent */
  values?: string[]
  /** global settings are platform-wide and only the super user may change them */
  scope?: 'company' | 'global'
}

export interface ModuleManifest {
  name: string
  /** the plan flag that enables the module; null when every plan has it */
  feature: PlanFlag | null
  /** whole module reserved to the super user */
  superOnly?: boolean
  /** migrations folder relative to the module folder */
  migrations?: string
  /** routes, jobs, listeners: loaded as an AdonisJS provider */
  provider?: () => Promise<{ default: any }>
  menu?: MenuEntry[]
  remote?: RemoteEntry
  settings?: Record<string, SettingDefinition>
  /**
   * Plugins (modules or channels) this one needs: they boot first and their
   * contributions to an extension point come before this one's. A missing or
   * circular dependency fails the boot.
   */
  dependsOn?: string[]
  /** plan flags this module brings */
  planFlags?: PlanFlagDefinition[]
  /** error codes this module answers, with their texts (the core's catalogue holds the shared ones) */
  errors?: Record<string, Localized>
}

/** A text in the three languages of the product. */
export interface Localized {
  pt: string
  en: string
  es: string
}

/** One field of a channel's settings, as the connection dialog renders it. */
export interface ChannelField {
  /** key in the connection's channel settings */
  name: string
  /** password fields are secrets: stored, never sent back to the browser */
  type: 'text' | 'url' | 'password' | 'select'
  label: Localized
  required?: boolean
  help?: Localized
  /** choices of a select field */
  options?: { value: string; label: Localized }[]
}

/**
 * The vine schema of a channel's settings: an object of fields, e.g.
 * `{ default: vine.object({ callbackUrl: vine.string().url().optional() }) }`.
 * Loaded lazily, so the manifest stays readable before boot.
 */
export type ChannelSettingsSchema = () => Promise<{ default: any }>

/**
 * A browser sign-in that creates a channel's connections instead of the
 * connection dialog (the add menu runs it): e.g. the Facebook login, whose
 * result the browser POSTs to `endpoint` with `params`. `settings` is read
 * when GET /modules answers (public values only: app id, SDK version, scopes).
 */
export interface ChannelConnectFlow {
  kind: 'facebook-login'
  endpoint: string
  params?: Record<string, unknown>
  settings?: () => Record<string, unknown>
}

/**
 * What the chat offers on tickets of a channel beyond sending: a reply window
 * (a GET route with `:ticketId` answering { applies, open, expiresAt, templates })
 * and message templates (a GET list route with `:whatsappId`, a POST send route
 * taking { ticketId, name, language, variables }). The chat draws them generically.
 */
export interface ChannelChatSupport {
  window?: string
  templates?: { list: string; send: string }
}

export interface ChannelManifest {
  /** channel id stored on connections: whatsapp, facebook, instagram, api... */
  name: string
  /** the plan flag that enables the channel, enforced by the core for its connections, routes and webhooks */
  feature: PlanFlag | null
  /** name shown in the add menu and the connection list */
  label: Localized
  /** icon name from the connections screen's icon set (chat, person-chat, image-multiple, code, plug...) */
  icon: string
  /** brand color of the icon */
  color?: string
  /** the form fields of the connection dialog's channel tab */
  fields?: ChannelField[]
  /** schema of the connection's channel settings; unknown keys are never stored */
  settings?: ChannelSettingsSchema
  migrations?: string
  provider?: () => Promise<{ default: any }>
  /** plugins this channel needs (see ModuleManifest.dependsOn) */
  dependsOn?: string[]
  /**
   * Sends one connection may have in flight at once (default 1: one at a time,
   * as a phone-based channel must); the outbox paces every connection by it.
   */
  maxInFlight?: number
  /** plan flags this channel brings (usually its `feature`) */
  planFlags?: PlanFlagDefinition[]
  /** error codes this channel answers, with their texts */
  errors?: Record<string, Localized>
  /** connections are created by a browser sign-in (see ChannelConnectFlow), not by the dialog */
  connect?: ChannelConnectFlow
  /** the chat's reply window and templates for this channel's tickets */
  chat?: ChannelChatSupport
  /**
   * A GET route with `:whatsappId` answering { snippet }: code the connection
   * dialog shows to copy (the website chat's <script> tag).
   */
  snippet?: string
}

export const defineModule = (manifest: ModuleManifest) => manifest
export const defineChannel = (manifest: ChannelManifest) => manifest
