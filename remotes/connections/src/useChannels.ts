/**
 * The channels the company's plan offers, from GET /modules (the server reads
 * them from the channel manifests): the add menu, the icons and the dialog's
 * channel tab are drawn from this list, never from a copy in the browser.
 * The same answer says which modules are enabled, so the dialog asks for the
 * options of integrations, prompts and file lists only where a module serves them.
 * The load itself is the kit's one cached GET /modules.
 */
import { forgetModulesManifest, loadModulesManifest, localizedText, useChannelDefs } from '@balcao/ui'
import type { ChannelDef } from './types.js'

export const loadManifest = () => loadModulesManifest<ChannelDef>()

export const loadChannels = (): Promise<ChannelDef[]> => loadManifest().then((m) => m.channels)

/** forget the list (the plan may have changed) */
export const forgetChannels = forgetModulesManifest

export const useChannels = (): ChannelDef[] => useChannelDefs<ChannelDef>()

/** a manifest text in the interface language (pt by default) */
export const localized = localizedText
