/**
 * The QR code dialog (spec 2 §2): the session's QR at size 300, replaced live
 * as new codes arrive (company-{id}-whatsappSession), closed once the code is
 * gone because the session connected. When the session gives up instead (TIMEOUT after its
 * reconnects, or DISCONNECTED once its codes went unread) the dialog says so, with the
 * last error of the health record, and offers to try again with a new code (PUT
 * /whatsappsession). Pairing by phone number is offered too: the server answers with an
 * 8-character code to type on the phone (PAIRING). In the super user's dialog of another
 * company (`poll`), whose events the super user does not receive, the code is read again
 * every few seconds instead.
 */
import { useEffect, useRef, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  Title2,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { api, realtime, toastError } from '@balcao/ui'
import { QR_SIZE, type Connection, type ConnectionHealth } from './types.js'
import { QrImage } from './QrImage.js'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px' },
  pairingRow: { display: 'flex', gap: '8px', alignItems: 'flex-start', width: '100%' },
  // level with the input, below the field's label
  pairingAsk: { marginTop: '26px', whiteSpace: 'nowrap', flexShrink: 0 },
  code: { letterSpacing: '0.3em', fontFamily: 'monospace' },
})

/** how often the dialog reads the code when no event brings it (another company's connection) */
const POLL_MS = 2500

export function QrDialog(props: { connection: Connection; onClose: () => void; poll?: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const id = props.connection.id
  const companyId = props.connection.companyId
  const [code, setCode] = useState<string | null | undefined>(props.connection.qrcode)
  const [status, setStatus] = useState(props.connection.status)
  const [health, setHealth] = useState<ConnectionHealth | undefined>(props.connection.health)
  const [retrying, setRetrying] = useState(false)
  const [phone, setPhone] = useState('')
  const [asking, setAsking] = useState(false)
  const onClose = props.onClose
  const poll = Boolean(props.poll)

  useEffect(() => {
    // the list may hold an older code: read the current one
    let live = true
    // an event that arrives before the answer is newer than it
    let heard = false
    api
      .get<Connection>(`/whatsapp/${id}`)
      .then((c) => {
        if (!live || heard) return
        setCode(c.qrcode)
        setStatus(c.status)
        if (c.health) setHealth(c.health)
      })
      .catch(() => {})
    const off = realtime.on(`company-${companyId}-whatsappSession`, (m) => {
      const s = m.session as Partial<Connection> | undefined
      if (m.action !== 'update' || s?.id !== id) return
      heard = true
      setStatus(s.status ?? '')
      setCode(s.qrcode ?? '')
      if (s.health) setHealth(s.health)
    })
    // reconnects and errors are reported apart from the status
    const offHealth = realtime.on(`company-${companyId}-whatsappHealth`, (m) => {
      if (m.action === 'update' && Number(m.whatsappId) === id && m.health)
        setHealth((old) => ({ ...old, ...(m.health as ConnectionHealth) }))
    })
    // no events for another company's connection: read it again while the dialog is open
    const timer = poll
      ? setInterval(() => {
          api
            .get<Connection>(`/whatsapp/${id}`)
            .then((c) => {
              if (!live) return
              setCode(c.qrcode)
              setStatus(c.status)
              if (c.health) setHealth(c.health)
            })
            .catch(() => {})
        }, POLL_MS)
      : null
    return () => {
      live = false
      off()
      offHealth()
      if (timer) clearInterval(timer)
    }
  }, [id, companyId, poll])

  // the code is gone for good once the session connected: the dialog is done
  // (OPENING also clears the code, so an empty code alone does not close it)
  const live = useRef(false)
  useEffect(() => {
    if (status === 'qrcode' || status === 'OPENING' || status === 'PAIRING') live.current = true
    if (status === 'CONNECTED') onClose()
  }, [status, onClose])
  // the session gave up: no code is coming, say why instead of waiting
  const gaveUp = status === 'TIMEOUT' || (status === 'DISCONNECTED' && live.current)

  const retry = async () => {
    setRetrying(true)
    try {
      const c = await api.put<Connection>(`/whatsappsession/${id}`)
      live.current = false
      if (c?.status) setStatus(c.status)
      setCode(c?.qrcode ?? '')
    } catch (e) {
      toastError(e)
    } finally {
      setRetrying(false)
    }
  }

  const pair = async () => {
    setAsking(true)
    try {
      await api.put(`/whatsappsession/${id}`, { pairingPhone: phone.replace(/\D/g, '') })
    } catch (e) {
      toastError(e)
    } finally {
      setAsking(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '420px' }} aria-describedby={undefined} data-testid="qr-dialog">
        <DialogBody>
          <DialogTitle>{t('connections.qr.title', { name: props.connection.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            {gaveUp ? (
              <MessageBar intent="error" layout="multiline" data-testid="qr-gave-up" data-status={status}>
                <MessageBarBody>
                  <MessageBarTitle>{t(`connections.status.${status}`, { defaultValue: status })}</MessageBarTitle>
                  {t(status === 'TIMEOUT' ? 'connections.qr.timeout' : 'connections.qr.expired', {
                    count: health?.reconnectCount ?? 0,
                  })}
                  {(health?.lastError || status === 'TIMEOUT') && (
                    <div data-testid="qr-last-error">
                      {t('connections.health.lastError')}: {health?.lastError || t('connections.health.noError')}
                    </div>
                  )}
                </MessageBarBody>
              </MessageBar>
            ) : status === 'PAIRING' && code ? (
              <>
                <Text>{t('connections.qr.pairingHint')}</Text>
                <Title2 className={styles.code} data-testid="pairing-code">
                  {code}
                </Title2>
              </>
            ) : code ? (
              <>
                <Text>{t('connections.qr.hint')}</Text>
                <QrImage value={code} size={QR_SIZE} />
              </>
            ) : (
              <Spinner label={t('connections.qr.waiting')} />
            )}
            {status !== 'PAIRING' && !gaveUp && (
              <div className={styles.pairingRow}>
                <Field
                  label={t('connections.qr.pairingPhone')}
                  hint={t('connections.qr.pairingPhoneHint')}
                  style={{ flexGrow: 1 }}
                >
                  <Input
                    value={phone}
                    onChange={(_, d) => setPhone(d.value)}
                    inputMode="tel"
                    data-testid="pairing-phone"
                  />
                </Field>
                <Button
                  className={styles.pairingAsk}
                  onClick={pair}
                  disabled={asking || phone.replace(/\D/g, '').length < 10}
                  data-testid="pairing-ask"
                >
                  {t('connections.qr.pairingAsk')}
                </Button>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {gaveUp && (
              <Button
                appearance="primary"
                icon={retrying ? <Spinner size="extra-tiny" /> : <ArrowClockwiseRegular />}
                disabled={retrying}
                onClick={retry}
                style={{ minWidth: 'max-content' }}
                data-testid="qr-retry"
              >
                {t('connections.session.retry')}
              </Button>
            )}
            <Button appearance="secondary" onClick={onClose}>
              {t('connections.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
