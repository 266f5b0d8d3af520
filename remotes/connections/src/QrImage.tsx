/**
 * The QR code of a WhatsApp login (size 300, spec 2 §9), drawn as an SVG from
 * Baileys' raw QR string: one path of dark modules, with the quiet zone the
 * phone's scanner needs.
 */
import { useMemo } from 'react'
import qrcode from 'qrcode-generator'
import { useTranslation } from 'react-i18next'

const QUIET_ZONE = 4

function darkModulesPath(value: string) {
  const qr = qrcode(0, 'M')
  qr.addData(value, 'Byte')
  qr.make()
  const n = qr.getModuleCount()
  let d = ''
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + QUIET_ZONE},${r + QUIET_ZONE}h1v1h-1z`
  }
  return { d, side: n + QUIET_ZONE * 2 }
}

export function QrImage({ value, size }: { value: string; size: number }) {
  const { t } = useTranslation()
  const { d, side } = useMemo(() => darkModulesPath(value), [value])
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={t('connections.qr.imageLabel')}
      data-testid="qr-code"
      data-value={value}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
