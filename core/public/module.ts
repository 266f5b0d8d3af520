/**
 * The plugin contracts. A module (modules/<name>/module.ts) or a channel
 * (channels/<name>/channel.ts) default-exports one of these manifests. Manifests
 * hold data and lazy imports only, so the core can read them before the app boots.
 */

/** Plan flags a company plan can switch on or off. */
export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const
export type PlanFlag = (typeof PLAN_FLAGS)[number]

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
}

export interface ChannelManifest {
  /** channel id stored on connections: whatsapp, facebook, instagram, api... */
  name: string
  feature: PlanFlag | null
  migrations?: string
  provider?: () => Promise<{ default: any }>
}

export const defineModule = (manifest: ModuleManifest) => manifest
export const defineChannel = (manifest: ChannelManifest) => manifest
