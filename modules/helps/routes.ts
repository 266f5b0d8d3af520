import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const HelpsController = () => import('./helps_controller.js')

moduleRoutes(manifest, () => {
  router.get('/helps', [HelpsController, 'index'])
  router.get('/helps/list', [HelpsController, 'index']).as('helps.list')
  router.post('/helps', [HelpsController, 'store'])
  router.put('/helps/:id', [HelpsController, 'update'])
  router.delete('/helps/:id', [HelpsController, 'destroy'])
})
