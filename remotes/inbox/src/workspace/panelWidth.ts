/**
 * The list panel's width (spec 1 §9): draggable between 400 and 700 px, saved on
 * the user, of which the server keeps at least 404. Pure (tests/unit/inbox_workspace_logic.spec.ts).
 */
export const PANEL_MIN = 400
export const PANEL_MAX = 700
export const PANEL_DEFAULT = 550
/** the server keeps at least this much (spec 1 §9) */
export const PANEL_MIN_SAVED = 404

export const clampWidth = (w: number) => Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(w)))

/** The width the panel opens with: the user's saved one, else the default, within the bounds. */
export const initialWidth = (saved: number | null | undefined) => clampWidth(saved || PANEL_DEFAULT)

/** The width to save after a drag, or null when it is the one already saved. */
export function widthToSave(width: number, saved: number | null | undefined): number | null {
  const next = Math.max(PANEL_MIN_SAVED, width)
  return next === saved ? null : next
}
