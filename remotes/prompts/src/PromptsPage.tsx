/**
 * /prompts (spec 3 §2): table (name, queue, maxTokens, edit/delete) and the
 * dialog of §2: name, API key (hidden, show toggle), prompt (10 rows), queue,
 * voice, voice key and region, temperature, maxTokens, maxMessages; plus the
 * model. The server never returns a key: the dialog shows its mask and sends
 * the mask back to keep it. Live via company-{id}-prompt.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Button } from '@fluentui/react-components'
import { AddRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  minLength,
  maxLength,
  required,
  realtime,
  toasts,
  toastError,
  userAtom,
  LONG_TOAST_MS,
  useForm,
  DataTable,
  DeleteDialog,
  FormDialog,
  Page,
  RowActions,
  SelectField,
  TextField,
  type Column,
  type Rule,
} from '@balcao/ui'

export interface Prompt {
  id: number
  name: string
  prompt: string
  model: string
  voice: string
  voiceRegion: string | null
  maxTokens: number
  temperature: number
  maxMessages: number
  queueId: number | null
  queue: { id: number; name: string } | null
  apiKey: string | null
  voiceKey: string | null
}

const VOICES = [
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
]

const numberIn =
  (min: number, max: number): Rule =>
  (v) => {
    const n = Number(v)
    return String(v).trim() === '' || Number.isNaN(n) || n < min || n > max ? 'validation.numeric' : null
  }

export function PromptDialog(props: {
  prompt: Prompt | null
  queues: { value: string; label: string }[]
  onClose: () => void
  onSaved: (p: Prompt) => void
}) {
  const { t } = useTranslation()
  const p = props.prompt
  const [showKey, setShowKey] = useState(false)
  const form = useForm(
    {
      name: p?.name ?? '',
      apiKey: p?.apiKey ?? '',
      prompt: p?.prompt ?? '',
      queueId: p?.queueId ? String(p.queueId) : '',
      model: p?.model ?? 'gpt-4o-mini',
      voice: p?.voice ?? 'texto',
      voiceKey: p?.voiceKey ?? '',
      voiceRegion: p?.voiceRegion ?? '',
      temperature: String(p?.temperature ?? 1),
      maxTokens: String(p?.maxTokens ?? 100),
      maxMessages: String(p?.maxMessages ?? 10),
    },
    {
      name: [required, minLength(5), maxLength(100)],
      apiKey: [required],
      prompt: [required, minLength(50)],
      queueId: [required],
      model: [required],
      temperature: [numberIn(0, 2)],
      maxTokens: [numberIn(1, 4096)],
      maxMessages: [numberIn(1, 50)],
    }
  )
  const v = form.values
  const save = async () => {
    if (!v.queueId) toasts.error(t('promptsPage.queueRequired'))
    if (!form.check()) return
    try {
      const body = {
        name: v.name.trim(),
        apiKey: v.apiKey.trim(),
        prompt: v.prompt.trim(),
        queueId: Number(v.queueId),
        model: v.model.trim(),
        voice: v.voice,
        voiceKey: v.voiceKey.trim() || null,
        voiceRegion: v.voiceRegion.trim() || null,
        temperature: Number(v.temperature),
        maxTokens: Number(v.maxTokens),
        maxMessages: Number(v.maxMessages),
      }
      const saved = p ? await api.put<Prompt>(`/prompt/${p.id}`, body) : await api.post<Prompt>('/prompt', body)
      toasts.success(t('promptsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  return (
    <FormDialog open wide title={p ? t('promptsPage.edit') : t('promptsPage.add')} onSubmit={save} onClose={props.onClose}>
      <TextField label={t('promptsPage.name')} name="name" value={v.name} onChange={(x) => form.set('name', x)} error={form.errors.name} required autoFocus />
      <TextField
        label={t('promptsPage.apiKey')}
        name="apiKey"
        type={showKey ? 'text' : 'password'}
        autoComplete="off"
        value={v.apiKey}
        onChange={(x) => form.set('apiKey', x)}
        error={form.errors.apiKey}
        hint={p ? t('promptsPage.apiKeyKept') : undefined}
        required
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            aria-label={showKey ? t('promptsPage.hide') : t('promptsPage.show')}
            icon={showKey ? <EyeOffRegular /> : <EyeRegular />}
            onClick={() => setShowKey((s) => !s)}
          />
        }
      />
      <TextField
        label={t('promptsPage.prompt')}
        name="prompt"
        multiline
        rows={10}
        value={v.prompt}
        onChange={(x) => form.set('prompt', x)}
        error={form.errors.prompt}
        hint={t('promptsPage.promptHint')}
        required
      />
      <SelectField label={t('promptsPage.queue')} name="queueId" value={v.queueId} options={props.queues} onChange={(x) => form.set('queueId', x)} error={form.errors.queueId} required />
      <TextField label={t('promptsPage.model')} name="model" value={v.model} onChange={(x) => form.set('model', x)} error={form.errors.model} required />
      <SelectField
        label={t('promptsPage.voice')}
        name="voice"
        value={v.voice}
        options={[{ value: 'texto', label: t('promptsPage.text') }, ...VOICES.map((x) => ({ value: x, label: x.replace(/^pt-BR-|Neural$/g, '') }))]}
        onChange={(x) => form.set('voice', x)}
      />
      <TextField label={t('promptsPage.voiceKey')} name="voiceKey" type="password" autoComplete="off" value={v.voiceKey} onChange={(x) => form.set('voiceKey', x)} />
      <TextField label={t('promptsPage.voiceRegion')} name="voiceRegion" value={v.voiceRegion} onChange={(x) => form.set('voiceRegion', x)} />
      <TextField label={t('promptsPage.temperature')} name="temperature" type="number" value={v.temperature} onChange={(x) => form.set('temperature', x)} error={form.errors.temperature} />
      <TextField label={t('promptsPage.maxTokens')} name="maxTokens" type="number" value={v.maxTokens} onChange={(x) => form.set('maxTokens', x)} error={form.errors.maxTokens} />
      <TextField label={t('promptsPage.maxMessages')} name="maxMessages" type="number" value={v.maxMessages} onChange={(x) => form.set('maxMessages', x)} error={form.errors.maxMessages} />
    </FormDialog>
  )
}

export default function PromptsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [rows, setRows] = useState<Prompt[] | null>(null)
  const [queues, setQueues] = useState<{ value: string; label: string }[]>([])
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Prompt | null>(null)
  const [error, setError] = useState<unknown>(null)

  const load = useCallback(async () => {
    try {
      const [r, q] = await Promise.all([
        api.get<{ prompts: Prompt[] }>('/prompt'),
        api.get<{ id: number; name: string }[]>('/queue'),
      ])
      setRows(r.prompts)
      setQueues(q.map((x) => ({ value: String(x.id), label: x.name })))
    } catch (e) {
      setError(e)
    }
  }, [])
  useEffect(() => void load(), [load])
  const upsert = useCallback((p: Prompt) => setRows((all) => (all ? [p, ...all.filter((x) => x.id !== p.id)] : [p])), [])
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('prompt'), (m) => {
        const record = (m.record ?? m.prompt) as Prompt | undefined
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record)
        if (m.action === 'delete') setRows((all) => all?.filter((x) => x.id !== Number(m.id ?? m.promptId)) ?? all)
      }),
    [upsert]
  )

  const columns: Column<Prompt>[] = [
    { key: 'name', header: t('promptsPage.name'), render: (p) => p.name },
    { key: 'queue', header: t('promptsPage.queue'), render: (p) => p.queue?.name ?? '' },
    { key: 'maxTokens', header: t('promptsPage.maxTokens'), width: '200px', render: (p) => p.maxTokens },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '110px',
      render: (p) =>
        admin && (
          <RowActions onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} editId={`edit-prompt-${p.id}`} deleteId={`delete-prompt-${p.id}`} />
        ),
    },
  ]

  return (
    <Page title={t('promptsPage.title')} count={rows?.length}>
      <DataTable
        ariaLabel={t('promptsPage.title')}
        columns={columns}
        items={rows ?? []}
        loading={rows === null && !error}
        error={error}
        onRetry={load}
        getRowId={(p) => p.id}
        emptyTitle={t('promptsPage.empty')}
        toolbar={
          admin && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-prompt">
              {t('promptsPage.add')}
            </Button>
          )
        }
      />
      {editing && (
        <PromptDialog
          prompt={editing === 'new' ? null : editing}
          queues={queues}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            upsert(p)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('promptsPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/prompt/${d.id}`}
        onDeleted={(d) => setRows((all) => all?.filter((x) => x.id !== d.id) ?? all)}
        toastMs={LONG_TOAST_MS}
        successText={t('promptsPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('promptsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
