import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const PromptsController = () => import('./controllers/prompts_controller.js')

moduleRoutes(manifest, () => {
  router.get('/prompt', [PromptsController, 'index'])
  router.get('/prompt/:id', [PromptsController, 'show'])
  router.post('/prompt', [PromptsController, 'store'])
  router.put('/prompt/:id', [PromptsController, 'update'])
  router.delete('/prompt/:id', [PromptsController, 'destroy'])
})
