/**
 * Voice answers: the text spoken by an Azure neural voice (the prompt's
 * voice, voiceKey and voiceRegion) through the Speech REST API, as mp3.
 * Behind an interface like the AI client; AZURE_TTS_BASE_URL points it at a
 * local fake in tests (by default https://{region}.tts.speech.microsoft.com).
 */
export interface SpeechClient {
  synthesize(req: { key: string; region: string; voice: string; text: string }): Promise<Uint8Array>
}

const TIMEOUT_MS = 20_000

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

const baseUrl = (region: string) =>
  (process.env.AZURE_TTS_BASE_URL || `https://${region}.tts.speech.microsoft.com`).replace(/\/+$/, '')

export const azureSpeech: SpeechClient = {
  async synthesize({ key, region, voice, text }) {
    // the region and voice are validated on save; the text is escaped into the SSML
    const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`
    const res = await fetch(`${baseUrl(region)}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3',
        'User-Agent': 'balcao',
      },
      body: ssml,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) throw new Error(`speech service answered ${res.status}`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (!bytes.length) throw new Error('speech service answered no audio')
    return bytes
  },
}

let current: SpeechClient = azureSpeech
export const speechClient = () => current

/** Tests swap the client; returns the restore function. */
export function swapSpeechClient(c: SpeechClient) {
  const before = current
  current = c
  return () => (current = before)
}
