/**
 * Code a channel gives to paste elsewhere (the website chat's <script> tag),
 * read from the channel's snippet route for the saved connection, shown
 * read-only with a copy button.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Field, Textarea } from '@fluentui/react-components'
import { CopyRegular } from '@fluentui/react-icons'
import { api } from '@balcao/ui'

export function SnippetBox({ endpoint, connectionId }: { endpoint: string; connectionId?: number }) {
  const { t } = useTranslation()
  const [snippet, setSnippet] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!connectionId) return
    api
      .get<{ snippet: string }>(endpoint.replace(':whatsappId', String(connectionId)))
      .then((r) => setSnippet(r.snippet))
      .catch(() => setSnippet(null))
  }, [endpoint, connectionId])

  if (!connectionId) return <Field label={t('connections.form.snippet')} hint={t('connections.form.snippetAfterSave')} />
  const copy = () => {
    if (!snippet) return
    void navigator.clipboard?.writeText(snippet).then(() => setCopied(true))
  }
  return (
    <Field label={t('connections.form.snippet')} hint={t('connections.form.snippetHint')}>
      <Textarea readOnly value={snippet ?? ''} rows={3} data-testid="channel-snippet" resize="vertical" />
      <div>
        <Button icon={<CopyRegular />} onClick={copy} disabled={!snippet} data-testid="copy-snippet">
          {copied ? t('connections.form.copied') : t('connections.form.copy')}
        </Button>
      </div>
    </Field>
  )
}
