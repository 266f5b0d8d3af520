/** Service hours rows (spec 2 §3): pure, so forms and their tests use them without the component library. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const

export interface WeekdaySchedule {
  /** the Portuguese weekday name the server stores and bot texts show */
  weekday: string
  weekdayEn: (typeof WEEKDAYS)[number]
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

/** Stored rows completed to the seven weekdays; spec 2 §9's 08:00–12:00 and 13:00–18:00 by default. */
export function scheduleRows(stored: Partial<WeekdaySchedule>[] | null | undefined, ptName: (day: string) => string) {
  return WEEKDAYS.map((d): WeekdaySchedule => ({
    weekday: ptName(d),
    weekdayEn: d,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
    ...stored?.find((s) => s.weekdayEn === d),
  }))
}
