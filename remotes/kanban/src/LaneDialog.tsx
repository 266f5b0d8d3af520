/** Add/edit a kanban tag (a lane): name of at least 3 characters and a #rrggbb colour (random by default). */
import { Button, Field, Input, Tooltip, makeStyles } from '@fluentui/react-components'
import { ArrowShuffleRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  LONG_TOAST_MS,
  maxLength,
  required,
  toastError,
  toasts,
  useForm,
  FormDialog,
  TextField,
  type Rule,
} from '@balcao/ui'
import { TagChip } from '@balcao/ui'
import type { KanbanTag } from './types.js'

const useStyles = makeStyles({
  colorRow: { display: 'grid', gridTemplateColumns: '1fr auto auto', gap: '8px', alignItems: 'center' },
  swatch: { width: '40px', height: '32px', padding: 0, border: 'none', background: 'none', cursor: 'pointer' },
  preview: { minHeight: '22px' },
})

const COLOR = /^#[0-9a-fA-F]{6}$/
const randomColor = () =>
  '#' +
  Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')

/** spec 3 §5: 'Mensagem muito curta' under 3 characters */
const laneName: Rule = (v) => (String(v ?? '').trim().length < 3 ? 'kanban.tags.tooShort' : null)
const laneColor: Rule = (v) => (COLOR.test(String(v ?? '')) ? null : 'kanban.tags.invalidColor')

export function LaneDialog(props: { tag: KanbanTag | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
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
    <FormDialog open title={props.tag ? t('kanban.tags.edit') : t('kanban.tags.add')} onSubmit={save} onClose={props.onClose}>
      <TextField
        label={t('kanban.tags.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        autoFocus
      />
      <Field
        label={t('kanban.tags.color')}
        required
        validationState={form.errors.color ? 'error' : 'none'}
        validationMessage={form.errors.color ? t(form.errors.color) : t('kanban.tags.colorHint')}
      >
        {(fieldProps) => (
          <div className={styles.colorRow}>
            <Input {...fieldProps} name="color" value={v.color} onChange={(_, d) => form.set('color', d.value.trim())} />
            <input
              type="color"
              className={styles.swatch}
              aria-label={t('kanban.tags.color')}
              value={COLOR.test(v.color) ? v.color : '#000000'}
              onChange={(e) => form.set('color', e.target.value)}
            />
            <Tooltip content={t('kanban.tags.randomColor')} relationship="label">
              <Button icon={<ArrowShuffleRegular />} onClick={() => form.set('color', randomColor())} />
            </Tooltip>
          </div>
        )}
      </Field>
      <div className={styles.preview}>
        {v.name.trim() && <TagChip name={v.name.trim()} color={COLOR.test(v.color) ? v.color : '#777777'} />}
      </div>
    </FormDialog>
  )
}
