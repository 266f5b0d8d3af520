/**
 * The two test forms of spec 3 (text: token, number, body; media: token,
 * number, file) calling the real endpoint with the chosen connection's
 * token, each with its live curl example. Success shows 'Mensagem enviada
 * com sucesso'; an error shows the server's message.
 */
import { useRef, useState, type FormEvent } from 'react'
import {
  Body1,
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AttachRegular, SendRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField, toasts } from '@balcao/ui'
import type { ApiConnection } from './types.js'
import { CodeBlock } from './CodeBlock.js'
import { curlMedia, curlText, sampleValues } from './curl.js'
import { callSend, type ApiAnswer } from './callApi.js'

const useStyles = makeStyles({
  top: { maxWidth: '460px' },
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))' },
  card: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  fileRow: { display: 'flex', alignItems: 'center', gap: '8px', minWidth: 0 },
  fileName: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  hidden: { display: 'none' },
})

const DIGITS = /^\d{8,20}$/

interface Props {
  connections: ApiConnection[] | null
  tokenId: string | null
  onTokenId: (id: string) => void
  token: string
  onSent: () => void
}

function Result({ answer, testId }: { answer: ApiAnswer | null; testId: string }) {
  const { t } = useTranslation()
  if (!answer) return null
  if (answer.ok) {
    return (
      <MessageBar intent="success" data-testid={testId}>
        <MessageBarBody>
          {t('messagesApiPage.sent')}
          {answer.data.messageId ? ` — ${t('messagesApiPage.sentDetail', answer.data)}` : ''}
        </MessageBarBody>
      </MessageBar>
    )
  }
  return (
    <MessageBar intent="error" data-testid={testId}>
      <MessageBarBody>
        {answer.status} {answer.data.error ?? ''}: {answer.data.message ?? ''}
      </MessageBarBody>
    </MessageBar>
  )
}

export function TestForms({ connections, tokenId, onTokenId, token, onSent }: Props) {
  const { t } = useTranslation()
  const styles = useStyles()
  const fileInput = useRef<HTMLInputElement>(null)
  const [text, setText] = useState({ number: '', body: '' })
  const [media, setMedia] = useState<{ number: string; body: string; file: File | null }>({ number: '', body: '', file: null })
  const [errors, setErrors] = useState<Record<string, string | null>>({})
  const [busy, setBusy] = useState<'text' | 'media' | null>(null)
  const [textAnswer, setTextAnswer] = useState<ApiAnswer | null>(null)
  const [mediaAnswer, setMediaAnswer] = useState<ApiAnswer | null>(null)

  const numberError = (v: string) =>
    !v.trim() ? 'messagesApiPage.required' : DIGITS.test(v.trim()) ? null : 'messagesApiPage.digitsOnly'
  const tokenError = token ? null : 'messagesApiPage.required'

  const finish = (answer: ApiAnswer, set: (a: ApiAnswer) => void) => {
    set(answer)
    if (answer.ok) {
      toasts.success(t('messagesApiPage.sent'))
      onSent()
    }
  }

  const sendText = async (e: FormEvent) => {
    e.preventDefault()
    const found = {
      token: tokenError,
      textNumber: numberError(text.number),
      textBody: text.body.trim() ? null : 'messagesApiPage.required',
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy('text')
    try {
      finish(await callSend(token, { number: text.number.trim(), body: text.body }), setTextAnswer)
    } catch {
      setTextAnswer({ ok: false, status: 0, data: { message: t('errors.generic') } })
    } finally {
      setBusy(null)
    }
  }

  const sendMedia = async (e: FormEvent) => {
    e.preventDefault()
    const found = {
      token: tokenError,
      mediaNumber: numberError(media.number),
      mediaFile: media.file ? null : 'messagesApiPage.required',
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const form = new FormData()
    form.append('number', media.number.trim())
    if (media.body.trim()) form.append('body', media.body)
    form.append('medias', media.file!, media.file!.name)
    setBusy('media')
    try {
      finish(await callSend(token, form), setMediaAnswer)
    } catch {
      setMediaAnswer({ ok: false, status: 0, data: { message: t('errors.generic') } })
    } finally {
      setBusy(null)
    }
  }

  const options = (connections ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.channel})` }))

  return (
    <>
      <div className={styles.top}>
        {connections && !connections.length ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('messagesApiPage.noConnections')}</MessageBarBody>
          </MessageBar>
        ) : (
          <SelectField
            name="token"
            label={t('messagesApiPage.token')}
            placeholder={t('messagesApiPage.tokenPlaceholder')}
            required
            value={tokenId}
            options={options}
            onChange={onTokenId}
            error={errors.token}
          />
        )}
      </div>
      <div className={styles.grid}>
        <Card className={styles.card}>
          <form className={styles.card} onSubmit={(e) => void sendText(e)} aria-label={t('messagesApiPage.textForm')} noValidate>
            <Subtitle2 as="h2">{t('messagesApiPage.textForm')}</Subtitle2>
            <TextField
              name="textNumber"
              label={t('messagesApiPage.number')}
              hint={t('messagesApiPage.numberHint')}
              required
              value={text.number}
              onChange={(v) => setText({ ...text, number: v })}
              error={errors.textNumber}
              placeholder="5511999999999"
            />
            <TextField
              name="textBody"
              label={t('messagesApiPage.body')}
              required
              multiline
              value={text.body}
              onChange={(v) => setText({ ...text, body: v })}
              error={errors.textBody}
            />
            <div>
              <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={busy !== null}>
                {t('messagesApiPage.send')}
              </Button>
            </div>
            <Result answer={textAnswer} testId="text-result" />
          </form>
          <Body1>{t('messagesApiPage.curl')}</Body1>
          <CodeBlock code={curlText(token, text.number, text.body, sampleValues(t))} label={t('messagesApiPage.codeText')} testId="curl-text" />
        </Card>
        <Card className={styles.card}>
          <form className={styles.card} onSubmit={(e) => void sendMedia(e)} aria-label={t('messagesApiPage.mediaForm')} noValidate>
            <Subtitle2 as="h2">{t('messagesApiPage.mediaForm')}</Subtitle2>
            <TextField
              name="mediaNumber"
              label={t('messagesApiPage.number')}
              hint={t('messagesApiPage.numberHint')}
              required
              value={media.number}
              onChange={(v) => setMedia({ ...media, number: v })}
              error={errors.mediaNumber}
              placeholder="5511999999999"
            />
            <TextField
              name="mediaBody"
              label={t('messagesApiPage.caption')}
              value={media.body}
              onChange={(v) => setMedia({ ...media, body: v })}
            />
            <Field
              label={t('messagesApiPage.file')}
              required
              validationState={errors.mediaFile ? 'error' : 'none'}
              validationMessage={errors.mediaFile ? t(errors.mediaFile) : undefined}
            >
              <div className={styles.fileRow}>
                <input
                  ref={fileInput}
                  className={styles.hidden}
                  type="file"
                  name="medias"
                  data-testid="media-file"
                  onChange={(e) => setMedia({ ...media, file: e.target.files?.[0] ?? null })}
                />
                <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>
                  {t('messagesApiPage.chooseFile')}
                </Button>
                <span className={styles.fileName}>{media.file?.name ?? t('messagesApiPage.noFile')}</span>
              </div>
            </Field>
            <div>
              <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={busy !== null}>
                {t('messagesApiPage.send')}
              </Button>
            </div>
            <Result answer={mediaAnswer} testId="media-result" />
          </form>
          <Body1>{t('messagesApiPage.curl')}</Body1>
          <CodeBlock code={curlMedia(token, media.number, media.body, media.file?.name ?? '', sampleValues(t))} label={t('messagesApiPage.codeMedia')} testId="curl-media" />
        </Card>
      </div>
    </>
  )
}
