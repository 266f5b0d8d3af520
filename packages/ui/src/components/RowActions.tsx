/** The edit and delete buttons of a table row, the same on every screen. */
import { Button, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

export interface RowActionsProps {
  onEdit?: () => void
  onDelete?: () => void
  /** e.g. the signed-in user cannot delete themself */
  deleteDisabled?: boolean
  /** test ids, e.g. `edit-user-7` */
  editId?: string
  deleteId?: string
}

export function RowActions(props: RowActionsProps) {
  const { t } = useTranslation()
  return (
    <>
      {props.onEdit && (
        <Tooltip content={t('kit.edit')} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={props.onEdit} data-testid={props.editId} />
        </Tooltip>
      )}
      {props.onDelete && (
        <Tooltip content={t('kit.delete')} relationship="label">
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            onClick={props.onDelete}
            disabled={props.deleteDisabled}
            data-testid={props.deleteId}
          />
        </Tooltip>
      )}
    </>
  )
}
