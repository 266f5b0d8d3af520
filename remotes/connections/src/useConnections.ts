/**
 * A list of connections kept live: whatsappSession / whatsapp events update
 * or remove rows, whatsappHealth refreshes the health record. Events carry
 * partial records (no token, sometimes no health), so they are merged.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { realtime } from '@balcao/ui/core'
import type { Connection, ConnectionHealth } from './types.js'

export function useConnections(load: () => Promise<Connection[]>, companyId: number | null) {
  const [items, setItems] = useState<Connection[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)

  // events that arrive while a load is on its way are newer than its answer
  const heard = useRef(new Map<number, Partial<Connection>>())

  const reload = useCallback(async () => {
    setLoading(true)
    setError(null)
    heard.current.clear()
    try {
      const rows = await load()
      setItems(rows.map((r) => ({ ...r, ...heard.current.get(r.id) })))
    } catch (e) {
      setError(e)
    } finally {
      setLoading(false)
    }
  }, [load])

  useEffect(() => {
    void reload()
  }, [reload])

  /** reads the list again without the loading state (the super user's dialog, which hears no events of other companies) */
  const refresh = useCallback(async () => {
    try {
      const rows = await load()
      setItems((list) =>
        rows.map((r) => {
          const old = list.find((x) => x.id === r.id)
          return old ? { ...old, ...r, health: r.health ?? old.health } : r
        })
      )
    } catch {
      // the next round tries again; the table keeps what it shows
    }
  }, [load])

  const upsert = useCallback((c: Partial<Connection> & { id: number }) => {
    heard.current.set(c.id, { ...heard.current.get(c.id), ...c })
    setItems((list) => {
      const i = list.findIndex((x) => x.id === c.id)
      if (i < 0) return [...list, c as Connection].sort((a, b) => a.name.localeCompare(b.name))
      const next = [...list]
      // keep what the event does not carry (token, health, queueIds, media)
      next[i] = { ...list[i], ...c, token: c.token ?? list[i].token, health: c.health ?? list[i].health }
      return next
    })
  }, [])

  const remove = useCallback((id: number) => setItems((list) => list.filter((x) => x.id !== id)), [])

  useEffect(() => {
    if (companyId === null) return
    const onRecord = (m: Record<string, unknown>) => {
      const rec = (m.session ?? m.whatsapp) as (Partial<Connection> & { id: number }) | undefined
      if (m.action === 'update' && rec?.id) {
        // a connection of another company (super user's dialog) stays out
        if (rec.companyId !== undefined && rec.companyId !== companyId) return
        upsert(rec)
      }
      if (m.action === 'delete') remove(Number(m.whatsappId))
    }
    const offs = [
      realtime.on(`company-${companyId}-whatsappSession`, onRecord),
      realtime.on(`company-${companyId}-whatsapp`, onRecord),
      realtime.on(`company-${companyId}-whatsappHealth`, (m) => {
        if (m.action !== 'update') return
        const id = Number(m.whatsappId)
        // the event carries the session facts only: what it leaves out (failed events) stays
        setItems((list) =>
          list.map((x) => (x.id === id ? { ...x, health: { ...x.health, ...(m.health as ConnectionHealth) } } : x))
        )
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [companyId, upsert, remove])

  return { items, loading, error, reload, refresh, upsert, remove }
}
