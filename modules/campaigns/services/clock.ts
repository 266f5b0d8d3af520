/**
 * The dispatcher's clock. Tests move it (a campaign's window and pauses are
 * checked without waiting hours); everything else reads the real time.
 */
let offsetMs = 0
let frozen: number | null = null

export const clock = {
  now(): number {
    return frozen ?? Date.now() + offsetMs
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
