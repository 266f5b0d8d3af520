/**
 * A combobox that asks the server once at least 3 characters are typed
 * (contact and user search, spec 1 §5 and §9), 500 ms after the last key.
 */
import { useEffect, useState } from 'react'
import { Combobox, Field, Option, Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@balcao/ui'

export const SEARCH_MIN_CHARS = 3

export interface PickerItem {
  id: number
  label: string
  hint?: string
}

export function SearchPicker(props: {
  label: string
  placeholder?: string
  value: PickerItem | null
  onChange: (item: PickerItem | null) => void
  search: (term: string, signal: AbortSignal) => Promise<PickerItem[]>
  required?: boolean
  error?: string | null
  testId?: string
  /** multi-pick use: the box empties after each choice */
  clearOnPick?: boolean
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(props.value?.label ?? '')
  const [items, setItems] = useState<PickerItem[]>([])
  const [loading, setLoading] = useState(false)
  // opened by the answer too, not only by a key press: results come 500 ms after the last key
  const [open, setOpen] = useState(false)
  const term = useDebouncedValue(text.trim(), 500)
  const { search } = props

  useEffect(() => {
    if (term.length < SEARCH_MIN_CHARS || term === props.value?.label) {
      setItems([])
      return
    }
    const controller = new AbortController()
    setLoading(true)
    search(term, controller.signal)
      .then((found) => {
        setItems(found)
        setOpen(true)
      })
      .catch(() => setItems([]))
      .finally(() => !controller.signal.aborted && setLoading(false))
    return () => controller.abort()
  }, [term, search, props.value?.label])

  const short = text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS
  return (
    <Field
      label={props.label}
      required={props.required}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={short ? t('inbox.actions.typeMore', { count: SEARCH_MIN_CHARS }) : undefined}
    >
      <Combobox
        freeform
        data-testid={props.testId}
        placeholder={props.placeholder}
        value={text}
        selectedOptions={props.value ? [String(props.value.id)] : []}
        expandIcon={loading ? <Spinner size="extra-tiny" /> : undefined}
        open={open}
        onOpenChange={(_, d) => setOpen(d.open)}
        onChange={(e) => {
          setText(e.target.value)
          if (props.value) props.onChange(null)
        }}
        onOptionSelect={(_, d) => {
          const item = items.find((i) => String(i.id) === d.optionValue) ?? null
          props.onChange(item)
          setText(props.clearOnPick ? '' : (item?.label ?? ''))
          setOpen(false)
        }}
      >
        {items.map((i) => (
          <Option key={i.id} value={String(i.id)} text={i.label}>
            {i.hint ? `${i.label} · ${i.hint}` : i.label}
          </Option>
        ))}
        {term.length >= SEARCH_MIN_CHARS && !loading && items.length === 0 && term !== props.value?.label && (
          <Option key="none" value="" disabled text="">
            {t('inbox.actions.noResults')}
          </Option>
        )}
      </Combobox>
    </Field>
  )
}
