/**
 * The kanban remote's exposed component. The shell renders it for /Kanban and
 * /TagsKanban (react-router matches without case: /kanban and /tagsKanban too).
 */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const BoardPage = lazy(() => import('./BoardPage.js'))
const TagsKanbanPage = lazy(() => import('./TagsKanbanPage.js'))

export default function App({ route }: { route: string }) {
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      {route.toLowerCase() === '/tagskanban' ? <TagsKanbanPage /> : <BoardPage />}
    </Suspense>
  )
}
