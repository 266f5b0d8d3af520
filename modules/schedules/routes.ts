import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const SchedulesController = () => import('./controllers/schedules_controller.js')

// spec 3 §7 Schedules
moduleRoutes(manifest, () => {
  router.get('/schedules', [SchedulesController, 'index'])
  router.get('/schedules/:id', [SchedulesController, 'show'])
  router.post('/schedules', [SchedulesController, 'store'])
  router.put('/schedules/:id', [SchedulesController, 'update'])
  router.delete('/schedules/:id', [SchedulesController, 'destroy'])
})
