/** Add/edit a kanban tag (a lane): name of at least 3 characters and a #rrggbb colour (random by default). */
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
  TextField,
  type Rule,
} from '@balcao/ui'
import type { KanbanTag } from './types.js'

/** spec 3 §5: 'Mensagem muito curta' under 3 characters */
const laneName: Rule = (v) => (String(v ?? '').trim().length < 3 ? 'kanban.tags.tooShort' : null)
const laneColor: Rule = (v) => (isHexColor(v) ? null : 'kanban.tags.invalidColor')

export function LaneDialog(props: { tag: KanbanTag | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation()
  const form = useForm(
    { name: props.tag?.name ?? '', color: props.tag?.color ?? randomColor() },
    { name: [required, laneName, maxLength(100)], color: [required, laneColor] }
  )
  const v = form.values
  const save = async () => {
    if (!form.check()) return
    const body = { name: v.name.trim(), color: v.color, kanban: 1 }
    try {
      if (props.tag) await api.put(`/tags/${props.tag.id}`, body)
      else await api.post('/tags', body)
      toasts.success(t('kanban.tags.saved'), LONG_TOAST_MS)
      props.onSaved()
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  return (
    <FormDialog
      open
      title={props.tag ? t('kanban.tags.edit') : t('kanban.tags.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('kanban.tags.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        autoFocus
      />
      <ColorField
        label={t('kanban.tags.color')}
        hint={t('kanban.tags.colorHint')}
        randomLabel={t('kanban.tags.randomColor')}
        value={v.color}
        onChange={(x) => form.set('color', x)}
        error={form.errors.color ? t(form.errors.color) : null}
        previewName={v.name}
      />
    </FormDialog>
  )
}
