/**
 * Core routes. Modules mount their own in their providers (moduleRoutes()).
 * Paths are the spec's, so the browser client calls them as written.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AuthController = () => import('#controllers/auth_controller')
const UsersController = () => import('#controllers/users_controller')
const CompaniesController = () => import('#controllers/companies_controller')
const PlansController = () => import('#controllers/plans_controller')
const SettingsController = () => import('#controllers/settings_controller')
const PlatformController = () => import('#controllers/platform_controller')

// public
router.post('/auth/login', [AuthController, 'login'])
router.post('/auth/refresh_token', [AuthController, 'refresh'])
router.post('/auth/signup', [AuthController, 'signup'])
router.get('/plans/list', [PlansController, 'publicList'])
router.get('/version', [PlatformController, 'version'])
router.get('/health', [PlatformController, 'health'])
router.get('/media/*', [PlatformController, 'media'])

// signed in, whatever the subscription state (an expired company still sees its due date)
router
  .group(() => {
    router.get('/auth/me', [AuthController, 'me'])
    router.delete('/auth/logout', [AuthController, 'logout'])
    router.post('/auth/heartbeat', [AuthController, 'heartbeat'])
    router.get('/companies/listPlan/:id', [CompaniesController, 'listPlan'])
    // an expired company still loads the remote that shows its invoices
    router.get('/modules', [PlatformController, 'modules'])
  })
  .use(middleware.auth())

// signed in with an active subscription
router
  .group(() => {
    router.get('/users', [UsersController, 'index'])
    router.get('/users/list', [UsersController, 'list'])
    router.put('/users/toggleChangeWidht/:id', [UsersController, 'panelWidth'])
    router.get('/users/:id', [UsersController, 'show'])
    router.post('/users', [UsersController, 'store'])
    router.put('/users/:id', [UsersController, 'update'])
    router.delete('/users/:id', [UsersController, 'destroy'])
    router.post('/users/:id/media-upload', [UsersController, 'mediaUpload'])

    router.get('/companies', [CompaniesController, 'index'])
    router.get('/companies/list', [CompaniesController, 'list'])
    router.get('/companiesPlan', [CompaniesController, 'listPaged'])
    router.get('/companies/:id', [CompaniesController, 'show'])
    router.post('/companies', [CompaniesController, 'store'])
    router.put('/companies/:id', [CompaniesController, 'update'])
    router.put('/companies/:id/schedules', [CompaniesController, 'schedules'])
    router.delete('/companies/:id', [CompaniesController, 'destroy'])

    router.get('/plans/all', [PlansController, 'all'])
    router.get('/plans/:id', [PlansController, 'show'])
    router.post('/plans', [PlansController, 'store'])
    router.put('/plans/:id', [PlansController, 'update'])
    router.delete('/plans/:id', [PlansController, 'destroy'])

    router.get('/settings', [SettingsController, 'index'])
    router.put('/settings/:key', [SettingsController, 'update'])
    router.get('/setting/:key', [SettingsController, 'showGlobal'])
    router.get('/companySettings/:id', [SettingsController, 'companySettings'])
    router.get('/companySettingOne', [SettingsController, 'companySettingOne'])
    router.put('/companySettings', [SettingsController, 'updateCompanySettings'])
  })
  .use([middleware.auth(), middleware.subscribed()])
