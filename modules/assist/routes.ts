import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const AssistController = () => import('./controllers/assist_controller.js')

// behind sign-in, subscription and the useOpenAi plan flag (moduleRoutes)
moduleRoutes(manifest, () => {
  router.get('/assist/settings', [AssistController, 'settings'])
  router.put('/assist/settings', [AssistController, 'saveSettings'])
  router.post('/assist/tickets/:ticketId/jobs', [AssistController, 'request'])
  router.get('/assist/jobs/:id', [AssistController, 'job'])
})
