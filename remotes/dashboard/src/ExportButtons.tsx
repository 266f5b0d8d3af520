/**
 * The XLSX and CSV buttons of a table. The server writes the file in a job:
 * meanwhile the clicked button says how far it is and both wait.
 */
import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { toastError, type ExportProgress } from '@balcao/ui'
import { progressPercent } from './download.js'

export type SheetFormat = 'xlsx' | 'csv'

export function ExportButtons({
  testId,
  onExport,
}: {
  /** data-testid prefix: `${testId}-xlsx`, `${testId}-csv` */
  testId: string
  /** starts the export of `format` and resolves once the file is saved */
  onExport: (format: SheetFormat, onProgress: (p: ExportProgress) => void) => Promise<void>
}) {
  const { t } = useTranslation()
  const [exporting, setExporting] = useState<{ format: SheetFormat; progress: ExportProgress } | null>(null)
  const run = async (format: SheetFormat) => {
    setExporting({ format, progress: { done: 0, total: 0 } })
    try {
      await onExport(format, (progress) => setExporting({ format, progress }))
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(null)
    }
  }
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          icon={<ArrowDownloadRegular />}
          disabled={!!exporting}
          onClick={() => void run(format)}
          data-testid={`${testId}-${format}`}
        >
          {exporting?.format === format
            ? t('dashboardPage.exporting', { percent: progressPercent(exporting.progress) })
            : format.toUpperCase()}
        </Button>
      ))}
    </>
  )
}
