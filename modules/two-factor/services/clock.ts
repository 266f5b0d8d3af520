/** The TOTP clock: tests fix it at known times (RFC 6238 vectors); everything else reads the real time. */
let frozen: number | null = null

export const clock = {
  now: (): number => frozen ?? Date.now(),
  /** tests: fixes the time at t (ms), or lets it run again with null */
  freeze(t: number | null) {
    frozen = t
  },
}
