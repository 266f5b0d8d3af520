export interface Announcement {
  id: number
  title: string
  text: string
  priority: 1 | 2 | 3
  status: boolean
  mediaPath: string | null
  mediaName: string | null
}

/** Priority colours of spec 3 §9: 1 high red, 2 medium orange, 3 low grey. */
export const PRIORITY_BADGE = { 1: 'danger', 2: 'warning', 3: 'subtle' } as const
