/** Add/edit a tag (spec 3): name of at least 3 characters, a #rrggbb colour (random by default), kanban flag. */
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
  SwitchField,
  TextField,
  type Rule,
} from '@balcao/ui'
import { TagChip } from '@balcao/ui'

export interface Tag {
  id: number
  name: string
  color: string
  kanban: number
  userId: number | null
  contactsCount?: number
}

const useStyles = makeStyles({
  colorRow: { display: 'grid', gridTemplateColumns: '1fr auto auto', gap: '8px', alignItems: 'center' },
  swatch: {
    width: '40px',
    height: '32px',
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
  },
  preview: { minHeight: '22px' },
})

const COLOR = /^#[0-9a-fA-F]{6}$/
export const randomColor = () =>
  '#' +
  Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')

/** spec 3 §5: 'Mensagem muito curta' under 3 characters */
const tagName: Rule = (v) => (String(v ?? '').trim().length < 3 ? 'inbox.tags.tooShort' : null)
const tagColor: Rule = (v) => (COLOR.test(String(v ?? '')) ? null : 'inbox.tags.invalidColor')

export function TagDialog(props: {
  tag: Tag | null
  /** kanban lanes are managed by admins and dashboard users only */
  mayManageKanban: boolean
  onClose: () => void
  onSaved: (tag: Tag) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
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
      const saved = props.tag
        ? await api.put<Tag>(`/tags/${props.tag.id}`, body)
        : await api.post<Tag>('/tags', body)
      toasts.success(t('inbox.tags.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }

  return (
    <FormDialog open title={props.tag ? t('inbox.tags.edit') : t('inbox.tags.add')} onSubmit={save} onClose={props.onClose}>
      <TextField
        label={t('inbox.tags.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        autoFocus
      />
      <Field
        label={t('inbox.tags.color')}
        required
        validationState={form.errors.color ? 'error' : 'none'}
        validationMessage={form.errors.color ? t(form.errors.color) : t('inbox.tags.colorHint')}
      >
        {(fieldProps) => (
          <div className={styles.colorRow}>
            <Input
              {...fieldProps}
              name="color"
              value={v.color}
              onChange={(_, d) => form.set('color', d.value.trim())}
            />
            <input
              type="color"
              className={styles.swatch}
              aria-label={t('inbox.tags.color')}
              value={COLOR.test(v.color) ? v.color : '#000000'}
              onChange={(e) => form.set('color', e.target.value)}
            />
            <Tooltip content={t('inbox.tags.randomColor')} relationship="label">
              <Button icon={<ArrowShuffleRegular />} onClick={() => form.set('color', randomColor())} />
            </Tooltip>
          </div>
        )}
      </Field>
      <div className={styles.preview}>
        {v.name.trim() && <TagChip name={v.name.trim()} color={COLOR.test(v.color) ? v.color : '#777777'} />}
      </div>
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
