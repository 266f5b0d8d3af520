/** Voice recording rules (spec 1 §9). Pure (tests/unit/inbox_chat_logic.spec.ts). */

/** a recording smaller than this is discarded as too short */
export const MIN_RECORDING_BYTES = 10000

export const recordingTooShort = (bytes: number) => bytes < MIN_RECORDING_BYTES

/** mm:ss of the recording timer */
export const recordingClock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
