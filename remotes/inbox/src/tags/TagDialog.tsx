/** Add/edit a tag (spec 3): name of at least 3 characters, a #rrggbb colour (random by default), kanban flag. */
import { useTranslation } from 'react-i18next'
import {
  api,
  LONG_TOAST_MS,
  maxLength,
  required,
  toastError,
  toasts,
  useForm,
  ColorField,
  FormDialog,
  isHexColor,
  randomColor,
  SwitchField,
  TextField,
  type Rule,
} from '@balcao/ui'

export interface Tag {
  id: number
  name: string
  color: string
  kanban: number
  userId: number | null
  contactsCount?: number
}

/** spec 3 §5: 'Mensagem muito curta' under 3 characters */
const tagName: Rule = (v) => (String(v ?? '').trim().length < 3 ? 'inbox.tags.tooShort' : null)
const tagColor: Rule = (v) => (isHexColor(v) ? null : 'inbox.tags.invalidColor')

export function TagDialog(props: {
  tag: Tag | null
  /** kanban lanes are managed by admins and dashboard users only */
  mayManageKanban: boolean
  onClose: () => void
  onSaved: (tag: Tag) => void
}) {
  const { t } = useTranslation()
  const form = useForm(
    { name: props.tag?.name ?? '', color: props.tag?.color ?? randomColor(), kanban: props.tag?.kanban ?? 0 },
    { name: [required, tagName, maxLength(100)], color: [required, tagColor] }
  )
  const v = form.values

  const save = async () => {
    if (!form.check()) return
    const body = {
      name: v.name.trim(),
      color: v.color,
      ...(props.mayManageKanban ? { kanban: v.kanban } : {}),
    }
    try {
      const saved = props.tag ? await api.put<Tag>(`/tags/${props.tag.id}`, body) : await api.post<Tag>('/tags', body)
      toasts.success(t('inbox.tags.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }

  return (
    <FormDialog
      open
      title={props.tag ? t('inbox.tags.edit') : t('inbox.tags.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('inbox.tags.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        autoFocus
      />
      <ColorField
        label={t('inbox.tags.color')}
        hint={t('inbox.tags.colorHint')}
        randomLabel={t('inbox.tags.randomColor')}
        value={v.color}
        onChange={(x) => form.set('color', x)}
        error={form.errors.color ? t(form.errors.color) : null}
        previewName={v.name}
      />
      {props.mayManageKanban && (
        <SwitchField
          name="kanban"
          label={t('inbox.tags.kanban')}
          hint={t('inbox.tags.kanbanHint')}
          checked={v.kanban !== 0}
          onChange={(c) => form.set('kanban', c ? 1 : 0)}
        />
      )}
    </FormDialog>
  )
}
