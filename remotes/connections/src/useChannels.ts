/**
 * The channels the company's plan offers, from GET /modules (the server reads
 * them from the channel manifests): the add menu, the icons and the dialog's
 * channel tab are drawn from this list, never from a copy in the browser.
 * The same answer says which modules are enabled, so the dialog asks for the
 * options of integrations, prompts and file lists only where a module serves them.
 */
import { useEffect, useState } from 'react'
import { api } from '@balcao/ui'
import type { ChannelDef, Localized } from './types.js'
import type { ManifestModule } from '@balcao/ui/core'

interface Manifest {
  modules: ManifestModule[]
  channels: ChannelDef[]
}

let cached: Promise<Manifest> | null = null

export function loadManifest(): Promise<Manifest> {
  cached ??= api
    .get<{ modules?: ManifestModule[]; channels?: ChannelDef[] }>('/modules')
    .then((r) => ({
      modules: Array.isArray(r?.modules) ? r.modules : [],
      channels: Array.isArray(r?.channels) ? r.channels : [],
    }))
    .catch(() => {
      cached = null
      return { modules: [], channels: [] }
    })
  return cached
}

export const loadChannels = (): Promise<ChannelDef[]> => loadManifest().then((m) => m.channels)

/** forget the list (the plan may have changed) */
export function forgetChannels() {
  cached = null
}

export function useChannels(): ChannelDef[] {
  const [channels, setChannels] = useState<ChannelDef[]>([])
  useEffect(() => {
    let alive = true
    void loadChannels().then((list) => alive && setChannels(list))
    return () => {
      alive = false
    }
  }, [])
  return channels
}

/** a manifest text in the interface language (pt by default) */
export function localized(text: Localized | null | undefined, language: string | undefined) {
  if (!text) return ''
  const lang = (language ?? 'pt').slice(0, 2) as keyof Localized
  return text[lang] ?? text.pt
}
