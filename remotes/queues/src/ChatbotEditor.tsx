/**
 * The queue's chatbot option tree: nested numbered options, each with a name,
 * a type and its target (queue, agent, integration or file list), a message,
 * and buttons to add sub-options, reorder and remove (spec 2 §3, §4, §5).
 */
import {
  Body1,
  Button,
  Card,
  Field,
  InfoLabel,
  Textarea,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { SelectField, SwitchField, TextField } from '@balcao/ui'
import {
  MAX_DEPTH,
  addChild,
  blankOption,
  missingMenuMessage,
  move,
  optionErrors,
  optionId,
  optionLabel,
  updateAt,
  type DraftOption,
  type Path,
} from './chatbotTree.js'
import { CHATBOT_TYPES, type ChatbotType, type NamedRef } from './types.js'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px' },
  list: { display: 'flex', flexDirection: 'column', gap: '10px' },
  nested: {
    marginLeft: '20px',
    paddingLeft: '12px',
    borderLeft: `2px solid ${tokens.colorBrandStroke2}`,
  },
  card: { padding: '10px 12px', gap: '8px' },
  head: { display: 'flex', alignItems: 'center', gap: '4px' },
  number: { fontWeight: tokens.fontWeightSemibold, marginRight: 'auto' },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px' },
  hint: { color: tokens.colorNeutralForeground3 },
})

export interface ChatbotSources {
  queues: NamedRef[]
  users: NamedRef[]
  integrations: NamedRef[]
  files: NamedRef[]
}

export function ChatbotEditor(props: {
  options: DraftOption[]
  onChange: (next: DraftOption[]) => void
  sources: ChatbotSources
  /** show every problem (after a save attempt), not only on touched options */
  showErrors: boolean
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="chatbot-editor">
      <Body1 className={styles.hint}>{t('queuesPage.chatbot.hint')}</Body1>
      {props.options.length === 0 && <Body1>{t('queuesPage.chatbot.empty')}</Body1>}
      <OptionList {...props} path={[]} list={props.options} />
      <div>
        <Button
          icon={<AddRegular />}
          onClick={() => props.onChange([...props.options, blankOption()])}
          data-testid="add-chatbot-option"
        >
          {t('queuesPage.chatbot.addOption')}
        </Button>
      </div>
    </div>
  )
}

type ListProps = Parameters<typeof ChatbotEditor>[0] & { path: Path; list: DraftOption[] }

function OptionList(props: ListProps) {
  const styles = useStyles()
  if (!props.list.length) return null
  return (
    <div className={mergeClasses(styles.list, props.path.length > 0 && styles.nested)}>
      {props.list.map((o, i) => (
        <OptionCard key={o.key} {...props} option={o} path={[...props.path, i]} siblings={props.list.length} />
      ))}
    </div>
  )
}

function OptionCard(props: ListProps & { option: DraftOption; siblings: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { option: o, path, options: root, onChange, sources } = props
  const label = optionLabel(path)
  const id = optionId(path)
  const errors = optionErrors(o)
  const touched = props.showErrors || o.name !== ''
  const set = (patch: Partial<DraftOption>) => onChange(updateAt(root, path, (x) => ({ ...x, ...patch })))
  const index = path[path.length - 1]
  const refOptions = (list: NamedRef[]) => list.map((r) => ({ value: String(r.id), label: r.name }))
  const refValue = (v: number | null) => (v ? String(v) : '')
  const target = touched ? errors.target : undefined
  const missingMessage = missingMenuMessage(o)

  return (
    <>
      <Card className={styles.card} data-testid={`chatbot-option-${id}`}>
        <div className={styles.head}>
          <span className={styles.number}>{t('queuesPage.chatbot.option', { path: label })}</span>
          <Tooltip content={t('queuesPage.chatbot.moveUp')} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<ArrowUpRegular />}
              disabled={index === 0}
              onClick={() => onChange(move(root, path, -1))}
              data-testid={`option-${id}-up`}
            />
          </Tooltip>
          <Tooltip content={t('queuesPage.chatbot.moveDown')} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<ArrowDownRegular />}
              disabled={index === props.siblings - 1}
              onClick={() => onChange(move(root, path, 1))}
              data-testid={`option-${id}-down`}
            />
          </Tooltip>
          <Tooltip content={t('queuesPage.chatbot.remove')} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<DeleteRegular />}
              onClick={() => onChange(updateAt(root, path, () => null))}
              data-testid={`option-${id}-remove`}
            />
          </Tooltip>
        </div>
        <div className={styles.row}>
          <TextField
            label={t('queuesPage.chatbot.name')}
            name={`option-${id}-name`}
            value={o.name}
            onChange={(v) => set({ name: v })}
            error={touched ? errors.name : undefined}
            required
          />
          <SelectField
            label={t('queuesPage.chatbot.type')}
            name={`option-${id}-type`}
            value={o.queueType}
            options={CHATBOT_TYPES.map((v) => ({ value: v, label: t(`queuesPage.chatbot.types.${v}`) }))}
            onChange={(v) => set({ queueType: v as ChatbotType })}
          />
        </div>
        {(o.queueType === 'queue' || o.queueType === 'attendent') && (
          <div className={styles.row}>
            <SelectField
              label={t('queuesPage.chatbot.targetQueue')}
              name={`option-${id}-queue`}
              value={refValue(o.optQueueId)}
              options={refOptions(sources.queues)}
              onChange={(v) => set({ optQueueId: Number(v) })}
              error={target && !o.optQueueId ? target : undefined}
              required
            />
            {o.queueType === 'attendent' && (
              <SelectField
                label={t('queuesPage.chatbot.targetUser')}
                name={`option-${id}-user`}
                value={refValue(o.optUserId)}
                options={refOptions(sources.users)}
                onChange={(v) => set({ optUserId: Number(v) })}
                error={target && !o.optUserId ? target : undefined}
                required
              />
            )}
          </div>
        )}
        {o.queueType === 'integration' && (
          <SelectField
            label={t('queuesPage.chatbot.targetIntegration')}
            name={`option-${id}-integration`}
            value={refValue(o.optIntegrationId)}
            options={refOptions(sources.integrations)}
            onChange={(v) => set({ optIntegrationId: Number(v) })}
            error={target}
            required
          />
        )}
        {o.queueType === 'file' && (
          <SelectField
            label={t('queuesPage.chatbot.targetFile')}
            name={`option-${id}-file`}
            value={refValue(o.optFileId)}
            options={refOptions(sources.files)}
            onChange={(v) => set({ optFileId: Number(v) })}
            error={target}
            required
          />
        )}
        <Field
          label={{
            children: (_: unknown, slotProps: Record<string, unknown>) => (
              <InfoLabel {...slotProps} info={t('queuesPage.chatbot.messageRequired')}>
                {t('queuesPage.chatbot.message')}
              </InfoLabel>
            ),
          }}
          validationState={missingMessage ? 'warning' : 'none'}
          validationMessage={missingMessage ? t('queuesPage.chatbot.noMessageWarning') : undefined}
        >
          <Textarea
            name={`option-${id}-message`}
            value={o.greetingMessage}
            rows={2}
            resize="vertical"
            onChange={(_, d) => set({ greetingMessage: d.value })}
          />
        </Field>
        <div className={styles.head}>
          <SwitchField
            label={t('queuesPage.chatbot.closeTicket')}
            checked={o.closeTicket}
            onChange={(c) => set({ closeTicket: c })}
          />
          <span className={styles.number} />
          {path.length < MAX_DEPTH && (
            <Tooltip content={t('queuesPage.chatbot.messageRequired')} relationship="description">
              <Button
                size="small"
                icon={<AddRegular />}
                onClick={() => onChange(addChild(root, path))}
                data-testid={`option-${id}-add`}
              >
                {t('queuesPage.chatbot.addSubOption')}
              </Button>
            </Tooltip>
          )}
        </div>
      </Card>
      <OptionList {...props} path={path} list={o.options} />
    </>
  )
}
