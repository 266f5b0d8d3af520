/** General tab: name, color, default, groups, queues, greeting media, history import (WhatsApp) and the token. */
import { useRef } from 'react'
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { ArrowClockwiseRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { MultiSelectField, SelectField, SwitchField, TextField } from '@balcao/ui'
import { newToken, type ConnectionForm } from '../connectionForm.js'
import type { Connection } from '../types.js'
import { useDialogStyles, type TabProps } from './shared.js'

export interface GeneralTabProps extends TabProps {
  current: Connection | null
  queueOptions: { value: string; label: string }[]
  /** the token is shown to the company's admins (not in the super user's dialog) */
  showToken: boolean
  /** the greeting media is the company admins' (read-only in the super user's dialog) */
  mediaEditable: boolean
  media: File | null
  dropMedia: boolean
  onMedia: (file: File | null, drop: boolean) => void
}

export function GeneralTab({
  v,
  set,
  error,
  current,
  queueOptions,
  showToken,
  mediaEditable,
  media,
  dropMedia,
  onMedia,
}: GeneralTabProps) {
  const { t } = useTranslation()
  const styles = useDialogStyles()
  const fileRef = useRef<HTMLInputElement>(null)
  const isNew = !current
  const whatsapp = v.channel === 'whatsapp'
  const restartWarning = !isNew && current?.status === 'CONNECTED' && v.importOldMessages && !current.importOldMessages

  return (
    <div className={styles.tab}>
      <div className={styles.row}>
        <TextField
          label={t('connections.form.name')}
          name="name"
          value={v.name}
          onChange={(x) => set('name', x)}
          error={error('name')}
          required
          autoFocus
        />
        <TextField
          label={t('connections.form.color')}
          name="color"
          placeholder="#25D366"
          value={v.color}
          onChange={(x) => set('color', x)}
        />
      </div>
      <div className={styles.row}>
        <SwitchField
          label={t('connections.form.isDefault')}
          name="isDefault"
          checked={v.isDefault}
          onChange={(c) => set('isDefault', c)}
        />
        {whatsapp && (
          <SwitchField
            label={t('connections.form.allowGroup')}
            name="allowGroup"
            checked={v.allowGroup}
            onChange={(c) => set('allowGroup', c)}
          />
        )}
      </div>
      {whatsapp && (
        <SelectField
          label={t('connections.form.groupAsTicket')}
          value={v.groupAsTicket}
          options={[
            { value: 'disabled', label: t('connections.form.disabled') },
            { value: 'enabled', label: t('connections.form.enabled') },
          ]}
          onChange={(x) => set('groupAsTicket', x as ConnectionForm['groupAsTicket'])}
        />
      )}
      <MultiSelectField
        label={t('connections.form.queues')}
        values={v.queueIds}
        options={queueOptions}
        placeholder={queueOptions.length ? undefined : t('connections.form.noQueues')}
        onChange={(x) => set('queueIds', x)}
      />

      <div className={styles.section}>{t('connections.form.greetingMedia')}</div>
      {mediaEditable ? (
        <>
          <div className={styles.media}>
            <Button icon={<ArrowUploadRegular />} size="small" onClick={() => fileRef.current?.click()}>
              {t('connections.form.chooseMedia')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/*,video/*"
              hidden
              data-testid="greeting-media"
              onChange={(e) => onMedia(e.target.files?.[0] ?? null, false)}
            />
            <Caption1>{media?.name ?? (!dropMedia && current?.greetingMediaName) ?? t('connections.form.noMedia')}</Caption1>
            {(media || (current?.greetingMediaName && !dropMedia)) && (
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('connections.form.removeMedia')}
                onClick={() => onMedia(null, true)}
              />
            )}
          </div>
          <Caption1>{t('connections.form.mediaHint')}</Caption1>
        </>
      ) : (
        <>
          <Caption1 data-testid="greeting-media-name">{current?.greetingMediaName ?? t('connections.form.noMedia')}</Caption1>
          <Caption1>{t('connections.form.mediaByCompany')}</Caption1>
        </>
      )}

      {whatsapp && (
        <>
          <div className={styles.section}>{t('connections.form.importTitle')}</div>
          <SwitchField
            label={t('connections.form.importOldMessages')}
            name="importOldMessages"
            checked={v.importOldMessages}
            onChange={(c) => set('importOldMessages', c)}
          />
          {restartWarning && (
            <MessageBar intent="warning">
              <MessageBarBody>{t('connections.form.importRestartWarning')}</MessageBarBody>
            </MessageBar>
          )}
          {!isNew && current?.importOldMessages && (
            <MessageBar intent="info">
              <MessageBarBody>{t('connections.form.importedImageWarning')}</MessageBarBody>
            </MessageBar>
          )}
          {v.importOldMessages && (
            <>
              <div className={styles.row}>
                <TextField
                  label={t('connections.form.importOldMessagesDate')}
                  name="importOldMessagesDate"
                  type="date"
                  value={v.importOldMessagesDate}
                  onChange={(x) => set('importOldMessagesDate', x)}
                  error={error('importOldMessagesDate')}
                  required
                />
                <TextField
                  label={t('connections.form.importRecentMessages')}
                  name="importRecentMessages"
                  type="date"
                  value={v.importRecentMessages}
                  onChange={(x) => set('importRecentMessages', x)}
                  error={error('importRecentMessages')}
                />
              </div>
              <div className={styles.row}>
                <SwitchField
                  label={t('connections.form.importOldMessagesGroups')}
                  checked={v.importOldMessagesGroups}
                  onChange={(c) => set('importOldMessagesGroups', c)}
                />
                <SwitchField
                  label={t('connections.form.closedTicketsPostImported')}
                  checked={v.closedTicketsPostImported}
                  onChange={(c) => set('closedTicketsPostImported', c)}
                />
              </div>
            </>
          )}
        </>
      )}

      {showToken && (
        <>
          <div className={styles.section}>{t('connections.form.tokenTitle')}</div>
          <Field
            label={t('connections.form.token')}
            hint={t('connections.form.tokenHint')}
            validationState={error('token') ? 'error' : 'none'}
            validationMessage={error('token') ? t(error('token')!) : undefined}
          >
            <Input
              readOnly
              value={v.token}
              name="token"
              data-testid="connection-token"
              contentAfter={
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<ArrowClockwiseRegular />}
                  aria-label={t('connections.form.regenerateToken')}
                  title={t('connections.form.regenerateToken')}
                  data-testid="regenerate-token"
                  onClick={() => set('token', newToken())}
                />
              }
            />
          </Field>
        </>
      )}
    </div>
  )
}
