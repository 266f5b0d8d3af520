/**
 * Voice-note files. MediaRecorder gives ogg/opus (Firefox), webm/opus or mp4
 * (Chromium, Safari). The server types uploads by their content, and webm or
 * mp4 files read as video there, so such a recording is turned into a small WAV
 * (16 kHz mono PCM: plays in every browser; channels that need another format
 * convert audio themselves, e.g. WhatsApp to ogg/opus). No encoder library needed.
 */
const WAV_RATE = 16000

function encodeWav(samples: Float32Array, rate: number) {
  const view = new DataView(new ArrayBuffer(44 + samples.length * 2))
  const ascii = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i))
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + samples.length * 2, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, rate, true)
  view.setUint32(28, rate * 2, true) // bytes per second
  view.setUint16(32, 2, true) // block align
  view.setUint16(34, 16, true) // bits per sample
  ascii(36, 'data')
  view.setUint32(40, samples.length * 2, true)
  let offset = 44
  for (const sample of samples) {
    const x = Math.max(-1, Math.min(1, sample))
    view.setInt16(offset, x < 0 ? x * 0x8000 : x * 0x7fff, true)
    offset += 2
  }
  return new Blob([view.buffer], { type: 'audio/wav' })
}

async function toWav(blob: Blob) {
  const ctx = new AudioContext()
  try {
    const decoded = await ctx.decodeAudioData(await blob.arrayBuffer())
    const offline = new OfflineAudioContext(1, Math.max(1, Math.ceil(decoded.duration * WAV_RATE)), WAV_RATE)
    const source = offline.createBufferSource()
    source.buffer = decoded
    source.connect(offline.destination)
    source.start()
    return encodeWav((await offline.startRendering()).getChannelData(0), WAV_RATE)
  } finally {
    void ctx.close()
  }
}

/** The recorder formats to ask for, best first. */
export const RECORDER_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/mp4']

/** The file to upload for a finished recording. */
export async function voiceNoteFile(blob: Blob, mime: string): Promise<File> {
  const stamp = Date.now()
  if (mime.includes('ogg')) return new File([blob], `audio-${stamp}.ogg`, { type: 'audio/ogg' })
  return new File([await toWav(blob)], `audio-${stamp}.wav`, { type: 'audio/wav' })
}
