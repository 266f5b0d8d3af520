/**
 * Form fields with the spec's validation messages: `error` is an i18n key
 * from the validation rules (validation.required, validation.tooShort, ...).
 */
import type { JSX } from 'react'

/** Fluent slots take text or an element (not every ReactNode) */
type SlotContent = string | JSX.Element
import {
  Dropdown,
  Field,
  Input,
  Option,
  Switch,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
  type InputProps,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

interface Base {
  label: SlotContent
  error?: string | null
  hint?: SlotContent
  required?: boolean
  disabled?: boolean
  /**
   * Shown, not editable: the value as text in the kit's one read-only style
   * (the same for text, select and switch fields), e.g. settings seen by an attendant.
   */
  readOnly?: boolean
}

const useStyles = makeStyles({
  // a Dropdown is 250 px wide by default: in a grid cell it must shrink with the cell
  dropdown: { minWidth: 0, width: '100%' },
  // an input's intrinsic width (20 characters) must not push a narrow cell or dialog sideways
  inputRoot: { minWidth: 0, maxWidth: '100%' },
  input: { minWidth: 0, width: '100%' },
  readOnly: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '32px',
    padding: '5px 10px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    cursor: 'default',
  },
  empty: { color: tokens.colorNeutralForeground3 },
})

/** The read-only rendering of any field: its label, and its value as plain text. */
function ReadOnlyField(props: { label: SlotContent; hint?: SlotContent; value: string; name?: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const empty = props.value.trim() === ''
  return (
    <Field label={props.label} hint={props.hint}>
      {(control) => (
        <div
          {...control}
          className={mergeClasses(styles.readOnly, empty && styles.empty)}
          role="textbox"
          aria-readonly="true"
          tabIndex={0}
          data-readonly={props.name ?? ''}
        >
          {empty ? t('kit.notSet') : props.value}
        </div>
      )}
    </Field>
  )
}

export interface TextFieldProps extends Base {
  value: string | number | null | undefined
  onChange: (value: string) => void
  type?: InputProps['type']
  name?: string
  placeholder?: string
  autoComplete?: string
  multiline?: boolean
  rows?: number
  contentAfter?: InputProps['contentAfter']
  autoFocus?: boolean
}

export function TextField(props: TextFieldProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const value = props.value === null || props.value === undefined ? '' : String(props.value)
  if (props.readOnly) return <ReadOnlyField label={props.label} hint={props.hint} value={value} name={props.name} />
  return (
    <Field
      label={props.label}
      required={props.required}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={props.hint}
    >
      {props.multiline ? (
        <Textarea
          name={props.name}
          value={value}
          rows={props.rows ?? 3}
          disabled={props.disabled}
          placeholder={props.placeholder}
          onChange={(_, d) => props.onChange(d.value)}
          resize="vertical"
        />
      ) : (
        <Input
          className={styles.inputRoot}
          input={{ className: styles.input }}
          name={props.name}
          type={props.type}
          value={value}
          disabled={props.disabled}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          contentAfter={props.contentAfter}
          autoFocus={props.autoFocus}
          onChange={(_, d) => props.onChange(d.value)}
        />
      )}
    </Field>
  )
}

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps extends Base {
  value: string | null | undefined
  options: SelectOption[]
  onChange: (value: string) => void
  name?: string
  placeholder?: string
}

export function SelectField(props: SelectFieldProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const selected = props.options.find((o) => o.value === props.value)
  if (props.readOnly)
    return <ReadOnlyField label={props.label} hint={props.hint} value={selected?.label ?? ''} name={props.name} />
  return (
    <Field
      label={props.label}
      required={props.required}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={props.hint}
    >
      <Dropdown
        className={styles.dropdown}
        name={props.name}
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={selected?.label ?? ''}
        selectedOptions={props.value ? [props.value] : []}
        onOptionSelect={(_, d) => d.optionValue !== undefined && props.onChange(d.optionValue)}
      >
        {props.options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}

export interface MultiSelectFieldProps extends Base {
  values: string[]
  options: SelectOption[]
  onChange: (values: string[]) => void
  placeholder?: string
}

export function MultiSelectField(props: MultiSelectFieldProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const labels = props.options.filter((o) => props.values.includes(o.value)).map((o) => o.label)
  if (props.readOnly) return <ReadOnlyField label={props.label} hint={props.hint} value={labels.join(', ')} />
  return (
    <Field
      label={props.label}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={props.hint}
    >
      <Dropdown
        className={styles.dropdown}
        multiselect
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={labels.join(', ')}
        selectedOptions={props.values}
        onOptionSelect={(_, d) => props.onChange(d.selectedOptions)}
      >
        {props.options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}

export interface SwitchFieldProps {
  label: SlotContent
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** e.g. the 'Atualizando...' hint while a setting saves */
  hint?: SlotContent
  name?: string
  /** shown as 'On'/'Off' in the kit's read-only style (see Base.readOnly) */
  readOnly?: boolean
}

export function SwitchField(props: SwitchFieldProps) {
  const { t } = useTranslation()
  if (props.readOnly)
    return (
      <ReadOnlyField
        label={props.label}
        hint={props.hint}
        value={props.checked ? t('kit.on') : t('kit.off')}
        name={props.name}
      />
    )
  return (
    <Field hint={props.hint}>
      <Switch
        name={props.name}
        label={props.label}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(_, d) => props.onChange(d.checked)}
      />
    </Field>
  )
}
