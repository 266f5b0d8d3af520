/**
 * Desktop notifications with the sound volume of the top bar. The sound is
 * synthesised (Web Audio) so no audio file has to be fetched.
 */
import { currentVolume } from './volume.js'

let audio: AudioContext | null = null

export function playChime(volume = currentVolume()) {
  if (volume <= 0 || typeof AudioContext === 'undefined') return
  audio ??= new AudioContext()
  const ctx = audio
  const gain = ctx.createGain()
  gain.gain.setValueAtTime(0.0001, ctx.currentTime)
  gain.gain.exponentialRampToValueAtTime(0.3 * volume, ctx.currentTime + 0.02)
  gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.6)
  gain.connect(ctx.destination)
  for (const [freq, at] of [
    [880, 0],
    [1320, 0.12],
  ] as const) {
    const osc = ctx.createOscillator()
    osc.frequency.value = freq
    osc.connect(gain)
    osc.start(ctx.currentTime + at)
    osc.stop(ctx.currentTime + at + 0.45)
  }
}

/** Asks once, from a user gesture, for permission to show notifications. */
export function askNotificationPermission() {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission()
}

export function notifyDesktop(options: {
  title: string
  body?: string
  icon?: string
  tag?: string
  onClick?: () => void
}) {
  playChime()
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null
  const n = new Notification(options.title, { body: options.body, icon: options.icon, tag: options.tag })
  n.onclick = () => {
    window.focus()
    options.onClick?.()
    n.close()
  }
  return n
}
