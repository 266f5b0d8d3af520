import { middleware, router } from '#core/http'

const InvoicesController = () => import('./invoices_controller.js')

// signed in, whatever the subscription state: an expired company's users land on
// /financeiro-aberto and must see what is due (so not moduleRoutes, which requires
// an active subscription); the module has no plan flag to enforce
router
  .group(() => {
    router.get('/invoices', [InvoicesController, 'index'])
    router.get('/invoices/all', [InvoicesController, 'all'])
    router.put('/invoices/:id/pay', [InvoicesController, 'pay'])
  })
  .use(middleware.auth())
