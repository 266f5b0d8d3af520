/** The QR code of a WhatsApp login (size 300, spec 2 §9), from Baileys' raw QR string. */
import { useTranslation } from 'react-i18next'
import { QrCode } from '@balcao/ui'

export function QrImage({ value, size }: { value: string; size: number }) {
  const { t } = useTranslation()
  return <QrCode value={value} size={size} label={t('connections.qr.imageLabel')} testId="qr-code" />
}
