/**
 * Reference lists the dialogs and filters read (queues, connections, tags),
 * fetched once per page load and shared; `refresh` after an admin change.
 */
import { useEffect, useState } from 'react'
import { api } from '@balcao/ui/core'
import type { ConnectionOption, QueueOption, TagOption } from '../types.js'

const cache = new Map<string, Promise<unknown>>()

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined
  if (!p) {
    p = load()
    cache.set(key, p)
    p.catch(() => cache.delete(key))
  }
  return p
}

export const loadQueues = () => cached('queues', () => api.get<QueueOption[]>('/queue'))
export const loadConnections = () =>
  cached('connections', () => api.get<ConnectionOption[]>('/whatsapp', { session: 0 }))
export const loadTags = () => cached('tags', () => api.get<TagOption[]>('/tags/list', { kanban: 0 }))
export const loadUsers = () => cached('users', () => api.get<{ id: number; name: string }[]>('/users/list'))

export function forgetLists() {
  cache.clear()
}

/** A cached list as state ([] until loaded, [] on failure). */
export function useList<T>(load: () => Promise<T[]>, enabled = true): T[] {
  const [items, setItems] = useState<T[]>([])
  useEffect(() => {
    if (!enabled) return
    let live = true
    load()
      .then((r) => live && setItems(Array.isArray(r) ? r : []))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [load, enabled])
  return items
}
