import type { Meta, StoryObj } from '@storybook/react-vite'
import { Table, TableBody, TableCell, TableRow } from '@fluentui/react-components'
import { formatDate, formatDateTime, formatShortDateTime } from '../format/dates.js'

const meta: Meta = { title: 'Kit/Date formats' }
export default meta

/** Spec 1 §9: DD/MM/YYYY, DD/MM/YYYY HH:mm, and DD/MM/YY HH:mm for notes. */
export const Formats: StoryObj = {
  render: () => {
    const d = '2026-11-22T14:05:00'
    return (
      <Table style={{ maxWidth: 420 }}>
        <TableBody>
          <TableRow>
            <TableCell>formatDate</TableCell>
            <TableCell>{formatDate(d)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>formatDateTime</TableCell>
            <TableCell>{formatDateTime(d)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>formatShortDateTime</TableCell>
            <TableCell>{formatShortDateTime(d)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>formatDate(&apos;2999-12-31&apos;)</TableCell>
            <TableCell>{formatDate('2999-12-31')}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    )
  },
}
