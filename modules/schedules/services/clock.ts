/**
 * The scheduler's clock. Tests move it (a send due in an hour is checked
 * without waiting an hour); everything else reads the real time.
 */
let offsetMs = 0
let frozen: number | null = null

export const clock = {
  now(): number {
    return frozen ?? Date.now() + offsetMs
  },
  /** tests: the time runs on, shifted by ms */
  shift(ms: number) {
    offsetMs += ms
  },
  /** tests: fixes the time at t (ms), or lets it run again with null */
  freeze(t: number | null) {
    frozen = t
  },
  reset() {
    frozen = null
    offsetMs = 0
  },
}
