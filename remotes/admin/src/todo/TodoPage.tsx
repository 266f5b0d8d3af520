/** /todolist: add, edit and delete tasks kept in localStorage. */
import { useEffect, useState, type FormEvent } from 'react'
import { Button, Caption1, Card, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, SaveRegular, DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState, Page, formatDateTime } from '@balcao/ui'
import { loadTasks, saveTasks, type Task } from './storage.js'

const useStyles = makeStyles({
  form: { display: 'flex', gap: '8px', maxWidth: '640px' },
  grow: { flexGrow: 1 },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', maxWidth: '640px' },
  item: { display: 'flex', alignItems: 'center', gap: '8px', padding: '8px 12px' },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, wordBreak: 'break-word' },
  date: { color: tokens.colorNeutralForeground3 },
})

export default function TodoPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tasks, setTasks] = useState<Task[]>(loadTasks)
  const [text, setText] = useState('')
  const [editing, setEditing] = useState<string | null>(null)
  const [editText, setEditText] = useState('')

  useEffect(() => saveTasks(tasks), [tasks])

  const add = (e: FormEvent) => {
    e.preventDefault()
    const value = text.trim()
    if (!value) return
    setTasks((list) => [...list, { id: crypto.randomUUID(), text: value, createdAt: new Date().toISOString() }])
    setText('')
  }

  const saveEdit = (id: string) => {
    const value = editText.trim()
    if (value) setTasks((list) => list.map((x) => (x.id === id ? { ...x, text: value } : x)))
    setEditing(null)
  }

  return (
    <Page title={t('admin.todo.title')}>
      <form className={styles.form} onSubmit={add}>
        <Input
          className={styles.grow}
          value={text}
          onChange={(_, d) => setText(d.value)}
          placeholder={t('admin.todo.placeholder')}
          aria-label={t('admin.todo.placeholder')}
        />
        <Button appearance="primary" type="submit" icon={<AddRegular />}>
          {t('admin.todo.add')}
        </Button>
      </form>
      {tasks.length === 0 ? (
        <EmptyState title={t('admin.todo.empty')} hint={t('admin.todo.emptyHint')} />
      ) : (
        <div className={styles.list}>
          {tasks.map((task) => (
            <Card key={task.id} className={styles.item} data-testid="task">
              {editing === task.id ? (
                <>
                  <Input
                    className={styles.grow}
                    value={editText}
                    onChange={(_, d) => setEditText(d.value)}
                    aria-label={t('admin.todo.edit')}
                    autoFocus
                  />
                  <Button
                    appearance="subtle"
                    icon={<SaveRegular />}
                    aria-label={t('admin.todo.save')}
                    onClick={() => saveEdit(task.id)}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label={t('admin.todo.cancel')}
                    onClick={() => setEditing(null)}
                  />
                </>
              ) : (
                <>
                  <div className={styles.text}>
                    <Text>{task.text}</Text>
                    <Caption1 className={styles.date}>{formatDateTime(task.createdAt)}</Caption1>
                  </div>
                  <Button
                    appearance="subtle"
                    icon={<EditRegular />}
                    aria-label={t('admin.todo.edit')}
                    onClick={() => {
                      setEditing(task.id)
                      setEditText(task.text)
                    }}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('admin.todo.delete')}
                    onClick={() => setTasks((l) => l.filter((x) => x.id !== task.id))}
                  />
                </>
              )}
            </Card>
          ))}
        </div>
      )}
    </Page>
  )
}
