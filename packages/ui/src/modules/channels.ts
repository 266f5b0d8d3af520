/**
 * The channel manifests the company's plan offers, as GET /modules lists them
 * (the server reads them from each channel's manifest). One cached load for the
 * whole browser: the connections screens, the ticket list's icons and the
 * chat's reply window all read it from here, never from a copy.
 */
import { useEffect, useState } from 'react'
import { api } from '../api/client.js'
import type { ManifestModule } from './optionSources.js'

export interface LocalizedText {
  pt: string
  en: string
  es: string
}

/** What every channel manifest has; screens that need more widen it (ChannelDef in the connections remote). */
export interface ChannelManifestDef {
  name: string
  label: LocalizedText
  /** an icon name of core/public/module.ts ChannelManifest.icon */
  icon: string
  color: string | null
}

export interface ModulesManifest<C extends ChannelManifestDef = ChannelManifestDef> {
  modules: ManifestModule[]
  channels: C[]
}

let cached: Promise<ModulesManifest<any>> | null = null

export function loadModulesManifest<C extends ChannelManifestDef = ChannelManifestDef>(): Promise<ModulesManifest<C>> {
  cached ??= api
    .get<{ modules?: ManifestModule[]; channels?: C[] }>('/modules')
    .then((r) => ({
      modules: Array.isArray(r?.modules) ? r.modules : [],
      channels: Array.isArray(r?.channels) ? r.channels : [],
    }))
    .catch(() => {
      cached = null
      return { modules: [], channels: [] }
    })
  return cached as Promise<ModulesManifest<C>>
}

/** forget the list (the plan may have changed) */
export function forgetModulesManifest() {
  cached = null
}

/** the manifest, or null while it loads */
export function useModulesManifest<C extends ChannelManifestDef = ChannelManifestDef>(): ModulesManifest<C> | null {
  const [manifest, setManifest] = useState<ModulesManifest<C> | null>(null)
  useEffect(() => {
    let alive = true
    void loadModulesManifest<C>().then((m) => alive && setManifest(m))
    return () => {
      alive = false
    }
  }, [])
  return manifest
}

const NO_CHANNELS: never[] = []

export function useChannelDefs<C extends ChannelManifestDef = ChannelManifestDef>(): C[] {
  return useModulesManifest<C>()?.channels ?? NO_CHANNELS
}

/** a manifest text in the interface language (pt by default) */
export function localizedText(text: LocalizedText | null | undefined, language: string | undefined) {
  if (!text) return ''
  const lang = (language ?? 'pt').slice(0, 2) as keyof LocalizedText
  return text[lang] ?? text.pt
}
