import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const DashboardController = () => import('./dashboard_controller.js')

moduleRoutes(manifest, () => {
  router.get('/dashboard', [DashboardController, 'index'])
  router.get('/dashboard/ticketsUsers', [DashboardController, 'ticketsUsers'])
  router.get('/dashboard/ticketsDay', [DashboardController, 'ticketsDay'])
  router.get('/dashboard/moments', [DashboardController, 'moments'])
  router.get('/usersMoments', [DashboardController, 'moments']).as('dashboard.usersMoments')
  router.get('/dashboard/reports', [DashboardController, 'report'])
  router.post('/dashboard/exports', [DashboardController, 'startExport'])
  router.get('/dashboard/exports/:exportId', [DashboardController, 'exportProgress'])
  router.get('/dashboard/exports/:exportId/file', [DashboardController, 'exportDownload'])
  router.post('/dashboard/backfill', [DashboardController, 'backfill'])
  router.get('/dashboard/backfill', [DashboardController, 'backfillStatus'])
})
