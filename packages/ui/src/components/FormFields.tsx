/**
 * Form fields with the spec's validation messages: `error` is an i18n key
 * from the validation rules (validation.required, validation.tooShort, ...).
 */
import type { JSX } from 'react'

/** Fluent slots take text or an element (not every ReactNode) */
type SlotContent = string | JSX.Element
import { Dropdown, Field, Input, Option, Switch, Textarea, type InputProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

interface Base {
  label: SlotContent
  error?: string | null
  hint?: SlotContent
  required?: boolean
  disabled?: boolean
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
  const value = props.value === null || props.value === undefined ? '' : String(props.value)
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
  const selected = props.options.find((o) => o.value === props.value)
  return (
    <Field
      label={props.label}
      required={props.required}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={props.hint}
    >
      <Dropdown
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
  const labels = props.options.filter((o) => props.values.includes(o.value)).map((o) => o.label)
  return (
    <Field
      label={props.label}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={props.hint}
    >
      <Dropdown
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
}

export function SwitchField(props: SwitchFieldProps) {
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
