/** The curl examples of the page, with the company's own host and the chosen token. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

export const apiHost = () => window.location.origin

/** The made-up values an example shows where the reader gave none, in the reader's language (sampleValues). */
export interface Samples {
  body: string
  caption: string
  fileName: string
  idempotencyKey: string
}

export const sampleValues = (t: (key: string) => string): Samples => ({
  body: t('messagesApiPage.sampleBody'),
  caption: t('messagesApiPage.sampleCaption'),
  fileName: t('messagesApiPage.sampleFileName'),
  idempotencyKey: t('messagesApiPage.sampleIdempotencyKey'),
})

/** withKey: the docs show the optional Idempotency-Key; the test form's copy-paste example leaves it out */
export function curlText(token: string, number: string, body: string, samples: Samples, withKey = false) {
  const json = JSON.stringify({ number: number || '5511999999999', body: body || samples.body })
  return [
    `curl -X POST ${q(`${apiHost()}/api/messages/send`)} \\`,
    `  -H ${q(`Authorization: Bearer ${token || '<token>'}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    ...(withKey ? [`  -H ${q(`Idempotency-Key: ${samples.idempotencyKey}`)} \\`] : []),
    `  -d ${q(json)}`,
  ].join('\n')
}

export function curlMedia(token: string, number: string, body: string, fileName: string, samples: Samples) {
  return [
    `curl -X POST ${q(`${apiHost()}/api/messages/send`)} \\`,
    `  -H ${q(`Authorization: Bearer ${token || '<token>'}`)} \\`,
    `  -F ${q(`number=${number || '5511999999999'}`)} \\`,
    ...(body ? [`  -F ${q(`body=${body}`)} \\`] : []),
    `  -F ${q(`medias=@${fileName || samples.fileName}`)}`,
  ].join('\n')
}

export function curlStatus(token: string) {
  return `curl ${q(`${apiHost()}/api/messages/<messageId>`)} \\\n  -H ${q(`Authorization: Bearer ${token || '<token>'}`)}`
}
