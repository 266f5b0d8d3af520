/**
 * A value as an SVG QR code (a WhatsApp login, an otpauth:// URI): one path of
 * dark modules, with the quiet zone a phone's scanner needs.
 */
import { useMemo } from 'react'
import qrcode from 'qrcode-generator'

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

export function QrCode({ value, size, label, testId }: { value: string; size: number; label: string; testId?: string }) {
  const { d, side } = useMemo(() => darkModulesPath(value), [value])
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-value={value}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
