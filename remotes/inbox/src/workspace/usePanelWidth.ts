/**
 * The list panel's width and its drag: pointer capture on the grip, the width
 * saved on the user once, on release (PUT /users/toggleChangeWidht/{id}).
 */
import { useRef, useState, type PointerEvent } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { api, sessionAtom, toastError, userAtom } from '@balcao/ui'
import { clampWidth, initialWidth, widthToSave } from './panelWidth.js'

export function usePanelWidth() {
  const me = useAtomValue(userAtom)!
  const setSession = useSetAtom(sessionAtom)
  const [width, setWidth] = useState(() => initialWidth(me.defaultTicketsManagerWidth))
  const widthRef = useRef(width)
  widthRef.current = width

  const startDrag = (e: PointerEvent<HTMLDivElement>) => {
    const grip = e.currentTarget
    grip.setPointerCapture(e.pointerId)
    const startX = e.clientX
    const startWidth = widthRef.current
    const move = (ev: globalThis.PointerEvent) => setWidth(clampWidth(startWidth + ev.clientX - startX))
    const up = () => {
      grip.removeEventListener('pointermove', move)
      grip.removeEventListener('pointerup', up)
      const saved = widthToSave(widthRef.current, me.defaultTicketsManagerWidth)
      if (saved === null) return
      api
        .put<{ defaultTicketsManagerWidth: number }>(`/users/toggleChangeWidht/${me.id}`, {
          defaultTicketsManagerWidth: saved,
        })
        .then((r) =>
          setSession((s) =>
            s.user ? { ...s, user: { ...s.user, defaultTicketsManagerWidth: r.defaultTicketsManagerWidth } } : s
          )
        )
        .catch(toastError)
    }
    grip.addEventListener('pointermove', move)
    grip.addEventListener('pointerup', up)
  }

  return { width, startDrag }
}
