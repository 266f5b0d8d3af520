/**
 * The core's models that modules may use (read, relate to, and change through
 * the core's own services). Tenant-owned ones extend TenantModel.
 */
export { default as Company } from '#models/company'
export { default as Plan } from '#models/plan'
export { default as User } from '#models/user'
export { default as Queue } from '#models/queue'
export { default as Whatsapp } from '#models/whatsapp'
