/**
 * The QR code dialog (spec 2 §2): the session's QR at size 300, replaced live
 * as new codes arrive (company-{id}-whatsappSession), closed once the code is
 * gone for good (connected, or the session gave up). Pairing by phone number is offered too: the
 * server answers with an 8-character code to type on the phone (PAIRING).
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
  Spinner,
  Text,
  Title2,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, realtime, toastError } from '@balcao/ui'
import { QR_SIZE, type Connection } from './types.js'
import { QrImage } from './QrImage.js'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px' },
  pairingRow: { display: 'flex', gap: '8px', alignItems: 'flex-start', width: '100%' },
  // level with the input, below the field's label
  pairingAsk: { marginTop: '26px', whiteSpace: 'nowrap', flexShrink: 0 },
  code: { letterSpacing: '0.3em', fontFamily: 'monospace' },
})

export function QrDialog(props: { connection: Connection; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const id = props.connection.id
  const companyId = props.connection.companyId
  const [code, setCode] = useState<string | null | undefined>(props.connection.qrcode)
  const [status, setStatus] = useState(props.connection.status)
  const [phone, setPhone] = useState('')
  const [asking, setAsking] = useState(false)
  const onClose = props.onClose

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
      })
      .catch(() => {})
    const off = realtime.on(`company-${companyId}-whatsappSession`, (m) => {
      const s = m.session as Partial<Connection> | undefined
      if (m.action !== 'update' || s?.id !== id) return
      heard = true
      setStatus(s.status ?? '')
      setCode(s.qrcode ?? '')
    })
    return () => {
      live = false
      off()
    }
  }, [id, companyId])

  // the code is gone once the session connected, or gave up after having been live
  // (OPENING also clears the code, so an empty code alone does not close the dialog)
  const live = useRef(false)
  useEffect(() => {
    if (status === 'qrcode' || status === 'OPENING' || status === 'PAIRING') live.current = true
    if (status === 'CONNECTED' || (status === 'DISCONNECTED' && live.current)) onClose()
  }, [status, onClose])

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
            {status === 'PAIRING' && code ? (
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
            {status !== 'PAIRING' && (
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
            <Button appearance="secondary" onClick={onClose}>
              {t('connections.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
