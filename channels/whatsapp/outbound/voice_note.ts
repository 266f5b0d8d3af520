/**
 * Voice notes must be ogg/opus to play as a recorded voice message on the
 * phone. The bundled ffmpeg (@ffmpeg-installer/ffmpeg) ships libopus, so a
 * fresh machine needs no system package. Input and output stay in memory.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

let ffmpegPath: string | null = null
function ffmpeg() {
  if (!ffmpegPath) {
    const require = createRequire(import.meta.url)
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
  }
  return ffmpegPath
}

export function toVoiceNote(input: Buffer, timeoutMs = 60_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        'pipe:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        '48000',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        '-application',
        'voip',
        '-f',
        'ogg',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] }
    )
    const out: Buffer[] = []
    let err = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.stdout.on('data', (d) => out.push(d))
    child.stderr.on('data', (d) => (err += d))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0 && out.length) resolve(Buffer.concat(out))
      else reject(new Error(`ffmpeg exited ${code}: ${err.slice(0, 300)}`))
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input)
  })
}
