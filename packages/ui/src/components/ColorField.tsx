/**
 * A #rrggbb colour: typed, picked with the browser's swatch, or drawn at
 * random, with a chip previewing it on a name. Tags and kanban lanes use it.
 */
import { Button, Field, Input, Tooltip, makeStyles } from '@fluentui/react-components'
import { ArrowShuffleRegular } from '@fluentui/react-icons'
import { TagChip } from './TagChip.js'

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr auto auto', gap: '8px', alignItems: 'center' },
  swatch: { width: '40px', height: '32px', padding: 0, border: 'none', background: 'none', cursor: 'pointer' },
  preview: { minHeight: '22px' },
})

const HEX = /^#[0-9a-fA-F]{6}$/
export const isHexColor = (v: unknown) => HEX.test(String(v ?? ''))
export const randomColor = () =>
  '#' +
  Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')

export interface ColorFieldProps {
  label: string
  /** shown under the field when there is no error */
  hint: string
  /** the tooltip of the random button */
  randomLabel: string
  value: string
  onChange: (value: string) => void
  /** an already translated error, or null */
  error: string | null
  /** the name the preview chip shows; no chip while blank */
  previewName?: string
}

export function ColorField(props: ColorFieldProps) {
  const styles = useStyles()
  const v = props.value
  const name = props.previewName?.trim()
  return (
    <>
      <Field
        label={props.label}
        required
        validationState={props.error ? 'error' : 'none'}
        validationMessage={props.error ?? props.hint}
      >
        {(fieldProps) => (
          <div className={styles.row}>
            <Input {...fieldProps} name="color" value={v} onChange={(_, d) => props.onChange(d.value.trim())} />
            <input
              type="color"
              className={styles.swatch}
              aria-label={props.label}
              value={isHexColor(v) ? v : '#000000'}
              onChange={(e) => props.onChange(e.target.value)}
            />
            <Tooltip content={props.randomLabel} relationship="label">
              <Button icon={<ArrowShuffleRegular />} onClick={() => props.onChange(randomColor())} />
            </Tooltip>
          </div>
        )}
      </Field>
      <div className={styles.preview}>{name && <TagChip name={name} color={isHexColor(v) ? v : '#777777'} />}</div>
    </>
  )
}
