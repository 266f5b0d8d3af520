/** The curl examples of the page, with the company's own host and the chosen token. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

export const apiHost = () => window.location.origin

/** withKey: the docs show the optional Idempotency-Key; the test form's copy-paste example leaves it out */
export function curlText(token: string, number: string, body: string, withKey = false) {
  const json = JSON.stringify({ number: number || '5511999999999', body: body || 'Olá!' })
  return [
    `curl -X POST ${q(`${apiHost()}/api/messages/send`)} \\`,
    `  -H ${q(`Authorization: Bearer ${token || '<token>'}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    ...(withKey ? [`  -H 'Idempotency-Key: pedido-123' \\`] : []),
    `  -d ${q(json)}`,
  ].join('\n')
}

export function curlMedia(token: string, number: string, body: string, fileName: string) {
  return [
    `curl -X POST ${q(`${apiHost()}/api/messages/send`)} \\`,
    `  -H ${q(`Authorization: Bearer ${token || '<token>'}`)} \\`,
    `  -F ${q(`number=${number || '5511999999999'}`)} \\`,
    ...(body ? [`  -F ${q(`body=${body}`)} \\`] : []),
    `  -F ${q(`medias=@${fileName || 'arquivo.pdf'}`)}`,
  ].join('\n')
}

export function curlStatus(token: string) {
  return `curl ${q(`${apiHost()}/api/messages/<messageId>`)} \\\n  -H ${q(`Authorization: Bearer ${token || '<token>'}`)}`
}
