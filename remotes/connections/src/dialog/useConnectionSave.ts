/**
 * Saving the connection dialog: the form's own checks first (switching to the
 * tab of the first error), then POST /whatsapp or PUT /whatsapp/:id (or, in the
 * super user's dialog of another company, POST /whatsapp with its companyId and
 * PUT /whatsapp-admin/:id), the greeting media upload, and the
 * server's field errors mapped back to their tab (settings.* to the channel tab).
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, isApiError, toastError, toasts } from '@balcao/ui'
import { toBody, type ConnectionForm } from '../connectionForm.js'
import type { ChannelFieldDef, Connection } from '../types.js'
import { TAB_OF, firstErrorTab, serverFieldErrors, type TabName } from './fieldErrors.js'

type FieldErrors = Partial<Record<keyof ConnectionForm, string>>

export interface SaveInput {
  current: Connection | null
  values: ConnectionForm
  /** form.check() of the kit's useForm: single-field rules */
  check: () => boolean
  cross: FieldErrors
  channelErrors: Record<string, string>
  fields: ChannelFieldDef[]
  admin: boolean
  /** the super user's dialog of another company: edits through PUT /whatsapp-admin/:id */
  saveUrl?: string
  /** the super user's dialog: the company a new connection is created in */
  companyId?: number
  media: File | null
  dropMedia: boolean
  setTab: (tab: TabName) => void
  onSaved: (c: Connection) => void
}

export function useConnectionSave() {
  const { t } = useTranslation()
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [settingsErrors, setSettingsErrors] = useState<Record<string, string | undefined>>({})
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)

  const clearField = (k: keyof ConnectionForm) => {
    if (serverErrors[k]) setServerErrors((e) => ({ ...e, [k]: undefined }))
  }
  const clearSetting = (name: string) => {
    if (settingsErrors[name]) setSettingsErrors((e) => ({ ...e, [name]: undefined }))
  }

  const save = async (input: SaveInput) => {
    setSubmitted(true)
    const ok = input.check()
    const firstCross = (Object.keys(input.cross) as (keyof ConnectionForm)[])[0]
    if (!ok || firstCross) {
      input.setTab(!ok ? 'general' : (TAB_OF[firstCross] ?? 'general'))
      return
    }
    if (Object.keys(input.channelErrors).length) {
      input.setTab('channel')
      return
    }
    const { current } = input
    // another company's connection (super user): no token, the greeting media stays the company admins'
    const foreign = Boolean(input.saveUrl || input.companyId)
    const body = toBody(input.values, {
      isNew: !current,
      admin: input.admin && (!current || !foreign),
      token: !foreign,
      fields: input.fields,
    })
    if (!current && input.companyId) body.companyId = input.companyId
    setSaving(true)
    try {
      let saved = current
        ? await api.put<Connection>(input.saveUrl ?? `/whatsapp/${current.id}`, body)
        : await api.post<Connection>('/whatsapp', body)
      // the greeting media routes are the company's own admins' (the super user's dialog hides them)
      if (!foreign && input.media) {
        const data = new FormData()
        data.append('file', input.media)
        saved = await api.upload<Connection>(`/whatsapp/${saved.id}/media-upload`, data)
      } else if (!foreign && input.dropMedia && current?.greetingMediaName) {
        saved = await api.delete<Connection>(`/whatsapp/${saved.id}/media-upload`)
      }
      toasts.success(t('connections.saved'))
      input.onSaved(saved)
    } catch (e) {
      // the field (and its tab) says what is wrong, wherever it is in the dialog; a toast
      // (which would cover the tabs on a phone) only for what concerns no field
      const found = isApiError(e) ? serverFieldErrors(e.code, e.fields) : null
      const tab = found && firstErrorTab(found)
      if (found && tab) {
        setServerErrors(found.form)
        setSettingsErrors(found.settings)
        input.setTab(tab)
      } else toastError(e)
    } finally {
      setSaving(false)
    }
  }

  return { save, saving, submitted, serverErrors, settingsErrors, clearField, clearSetting }
}
