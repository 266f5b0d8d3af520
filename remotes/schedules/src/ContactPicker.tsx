/**
 * The contact of a schedule: a combobox that asks GET /contacts once 3
 * characters are typed (spec 3 §5), 500 ms after the last key.
 */
import { useEffect, useState } from 'react'
import { Combobox, Field, Option, Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, useDebouncedValue } from '@balcao/ui'

export const SEARCH_MIN_CHARS = 3

export interface ContactOption {
  id: number
  name: string
  number?: string
}

export function ContactPicker(props: {
  value: ContactOption | null
  onChange: (c: ContactOption | null) => void
  error?: string | null
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(props.value?.name ?? '')
  const [items, setItems] = useState<ContactOption[]>([])
  const [loading, setLoading] = useState(false)
  const [open, setOpen] = useState(false)
  const term = useDebouncedValue(text.trim(), 500)
  // a contact given from outside (the dialog reopened for another one) shows its name
  const givenName = props.value?.name
  useEffect(() => {
    if (givenName) setText(givenName)
  }, [givenName])

  useEffect(() => {
    if (term.length < SEARCH_MIN_CHARS || term === props.value?.name) return
    const controller = new AbortController()
    setLoading(true)
    api
      .get<{ contacts: ContactOption[] }>('/contacts', { searchParam: term }, controller.signal)
      .then((r) => {
        setItems(r.contacts.map((c) => ({ id: c.id, name: c.name, number: c.number })))
        setOpen(true)
      })
      .catch(() => setItems([]))
      .finally(() => !controller.signal.aborted && setLoading(false))
    return () => controller.abort()
  }, [term, props.value?.name])

  const short = text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS
  return (
    <Field
      label={t('schedulesPage.fields.contact')}
      required
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error ? t(props.error) : undefined}
      hint={short ? t('schedulesPage.fields.typeMore', { count: SEARCH_MIN_CHARS }) : undefined}
    >
      <Combobox
        freeform
        data-testid="schedule-contact"
        disabled={props.disabled}
        placeholder={t('schedulesPage.fields.contactPlaceholder')}
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
          if (item) setText(item.name)
        }}
      >
        {items.length === 0 && term.length >= SEARCH_MIN_CHARS && !loading ? (
          <Option disabled value="">
            {t('schedulesPage.fields.noContacts')}
          </Option>
        ) : null}
        {items.map((c) => (
          <Option key={c.id} value={String(c.id)} text={c.name} data-testid={`contact-option-${c.id}`}>
            {c.number ? `${c.name} · ${c.number}` : c.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  )
}
