import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const QueuesController = () => import('./queues_controller.js')
const ChatbotsController = () => import('./chatbots_controller.js')

moduleRoutes(manifest, () => {
  router.get('/queue', [QueuesController, 'index'])
  router.get('/queue/:id', [QueuesController, 'show'])
  router.post('/queue', [QueuesController, 'store'])
  router.put('/queue/:id', [QueuesController, 'update'])
  router.delete('/queue/:id', [QueuesController, 'destroy'])

  router.get('/chatbot/:id', [ChatbotsController, 'show'])
  router.post('/chatbot', [ChatbotsController, 'store'])
  router.put('/chatbot/:id', [ChatbotsController, 'update'])
  router.delete('/chatbot/:id', [ChatbotsController, 'destroy'])
})
