/** One dashboard counter as a card: label and value. */
import { Caption1, Card, Title2, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  card: { minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { color: tokens.colorBrandForeground1 },
})

export function CounterCard({ name, label, value }: { name: string; label: string; value: string | number }) {
  const styles = useStyles()
  return (
    <Card className={styles.card} data-testid={`counter-${name}`}>
      <Caption1 className={styles.label}>{label}</Caption1>
      <Title2 className={styles.value} data-value>
        {value}
      </Title2>
    </Card>
  )
}
