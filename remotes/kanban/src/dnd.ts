/**
 * The kanban's drag and drop sensors (@dnd-kit), shared by the board and the
 * lane order list. Mouse and pen start a drag after a few pixels, so a click
 * stays a click; a finger must rest on an item first, so a swipe still scrolls
 * the lane; the keyboard picks up with Space or Enter. Presses on the item's
 * own buttons and menus never start a drag.
 */
import type { PointerEvent as ReactPointerEvent, TouchEvent as ReactTouchEvent } from 'react'
import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type Modifier,
  type PointerSensorOptions,
} from '@dnd-kit/core'

export const MOUSE_DISTANCE_PX = 6
export const TOUCH_DELAY_MS = 250
export const TOUCH_TOLERANCE_PX = 6

const CONTROLS = 'button, a, input, textarea, select, [role=menuitem], [data-no-drag]'

function onControl(target: EventTarget | null) {
  return target instanceof Element && target.closest(CONTROLS) !== null
}

/** PointerSensor for mouse and pen only: touches belong to the TouchSensor and its press delay. */
export class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: e }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!e.isPrimary || e.button !== 0 || e.pointerType === 'touch' || onControl(e.target)) return false
        onActivation?.({ event: e })
        return true
      },
    },
  ]
}

export class LongPressSensor extends TouchSensor {
  static activators = [
    {
      eventName: 'onTouchStart' as const,
      handler: ({ nativeEvent: e }: ReactTouchEvent, { onActivation }: PointerSensorOptions) => {
        if (e.touches.length > 1 || onControl(e.target)) return false
        onActivation?.({ event: e })
        return true
      },
    },
  ]
}

export function useKanbanSensors(coordinateGetter?: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(LongPressSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, coordinateGetter ? { coordinateGetter } : {})
  )
}

/**
 * Lanes: under the pointer when there is one (a mouse or finger), else the
 * lane the dragged card overlaps most (the keyboard moves the card whole).
 */
export const laneCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hit = pointerWithin(args)
    if (hit.length) return hit
  }
  const overlap = rectIntersection(args)
  return overlap.length ? overlap : closestCenter(args)
}

/**
 * Left and right arrows carry the dragged card to the centre of the
 * neighbouring lane (dnd-kit's default moves a few pixels per press). The
 * sensor scrolls the board when that lane is off screen.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0
  if (!step) return undefined
  event.preventDefault()
  const { collisionRect, droppableRects, droppableContainers, over } = context
  if (!collisionRect) return undefined
  const lanes = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((l): l is { id: typeof l.id; rect: NonNullable<typeof l.rect> } => Boolean(l.rect))
    .sort((a, b) => a.rect.left - b.rect.left)
  if (!lanes.length) return undefined
  const centre = collisionRect.left + collisionRect.width / 2
  let i = lanes.findIndex((l) => l.id === over?.id)
  if (i < 0) i = lanes.findIndex((l) => centre >= l.rect.left && centre <= l.rect.left + l.rect.width)
  const next = lanes[Math.min(lanes.length - 1, Math.max(0, i + step))]
  return {
    x: next.rect.left + next.rect.width / 2 - collisionRect.width / 2,
    // the same height, kept inside the lane so the overlap names it
    y: Math.max(next.rect.top, Math.min(currentCoordinates.y, next.rect.top + next.rect.height - collisionRect.height)),
  }
}

/** keeps a dragged row in its column (the lane order list is vertical) */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 })
