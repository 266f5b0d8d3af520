import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const IntegrationsController = () => import('./controllers/integrations_controller.js')

moduleRoutes(manifest, () => {
  router.get('/queueIntegration', [IntegrationsController, 'index'])
  router.post('/queueIntegration/testSession', [IntegrationsController, 'testSession'])
  router.get('/queueIntegration/:id', [IntegrationsController, 'show'])
  router.get('/queueIntegration/:id/deliveries', [IntegrationsController, 'deliveries'])
  router.post('/queueIntegration', [IntegrationsController, 'store'])
  router.put('/queueIntegration/:id', [IntegrationsController, 'update'])
  router.delete('/queueIntegration/:id', [IntegrationsController, 'destroy'])
})
