import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Queue from '#models/queue'
import Company from '#models/company'
import { AppError } from '#core/errors'
import { tenancy, tenantTable } from '#core/tenancy'
import { realtime } from '#core/realtime'
import { storage } from '#core/storage'
import { idParam, likeTerm, pageNumber, paginate, requireAdmin } from '#core/http'
import { createUserValidator, panelWidthValidator, updateUserValidator } from '#validators/users'
import { assertEmailFree, effectiveLimit } from '#services/companies'
import { revokeUserSessions } from '#services/auth_tokens'
import { forgetActors } from '#services/actor_cache'
import { rateLimiter } from '#services/rate_limiter'
import { audit, changedFields } from '#core/audit'

const PAGE_SIZE = 40
/** Fields only an admin may set; a user editing themself cannot. */
const ADMIN_FIELDS = [
  'profile',
  'startWork',
  'endWork',
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'whatsappId',
  'queueIds',
] as const

/** Runs fn in the scope of the company the caller targets (only the super user may choose). */
async function inTargetCompany<T>(ctx: HttpContext, companyId: unknown, fn: () => Promise<T>): Promise<T> {
  const target = companyId ? Number(companyId) : ctx.actor.user.companyId
  if (target !== ctx.actor.user.companyId) {
    if (!ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
    const exists = await tenancy.asSystem(() => Company.find(target))
    if (!exists) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  }
  return tenancy.run(target, fn)
}

async function assertQueuesOwned(ids: number[]) {
  if (!ids.length) return
  const found = await Queue.query().whereIn('id', ids).count('* as total').pojo<{ total: string }>()
  if (Number(found[0].total) !== new Set(ids).size) throw new AppError('ERR_NO_QUEUE_FOUND', 422)
}

/** A default connection must be one of the company's own (like queue ids). */
async function assertConnectionOwned(whatsappId: number | null | undefined) {
  if (!whatsappId) return
  const found = await tenantTable('whatsapps').where('id', whatsappId).select('id').first()
  if (!found) {
    throw new AppError('ERR_NO_WAPP_FOUND', 422, {
      fields: [{ field: 'whatsappId', rule: 'exists', message: 'exists' }],
    })
  }
}

async function findUser(ctx: HttpContext) {
  const user = await User.query().where('id', idParam(ctx, 'ERR_NO_USER_FOUND')).preload('queues').first()
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
  return user
}

function present(user: User) {
  return {
    ...user.serialize(),
    queues: (user.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color })),
  }
}

export default class UsersController {
  async index(ctx: HttpContext) {
    const search = ctx.request.input('searchParam')
    const query = User.query().preload('queues').orderBy('name').orderBy('id')
    if (search) {
      query.where((q) =>
        q.whereRaw('lower(name) like ?', [likeTerm(search)]).orWhereRaw('lower(email) like ?', [likeTerm(search)])
      )
    }
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { users: rows.map(present), count, hasMore }
  }

  async list(ctx: HttpContext) {
    return inTargetCompany(ctx, ctx.request.input('companyId'), async () => {
      const users = await User.query().preload('queues').orderBy('name')
      return users.map(present)
    })
  }

  async show(ctx: HttpContext) {
    const user = await findUser(ctx)
    if (!ctx.actor.user.isAdmin && user.id !== ctx.actor.user.id) throw new AppError('ERR_NO_PERMISSION', 403)
    return present(user)
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(createUserValidator)
    if (data.super && !ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
    return inTargetCompany(ctx, data.companyId, async () => {
      const companyId = tenancy.requireCompanyId()
      const company = await tenancy.asSystem(() => Company.query().where('id', companyId).preload('plan').firstOrFail())
      const limit = effectiveLimit(company as any, 'users')
      await assertEmailFree(data.email)
      await assertQueuesOwned(data.queueIds ?? [])
      await assertConnectionOwned(data.whatsappId)
      const passwordHash = await hash.make(data.password)

      const user = await db.transaction(async (trx) => {
        // count under a lock on the company row so two creations cannot both pass the limit
        await trx.from('companies').where('id', companyId).forUpdate().first()
        const [{ total }] = await tenantTable('users', trx).count('* as total')
        if (Number(total) >= limit) throw new AppError('ERR_PLAN_USERS_LIMIT', 403)
        const { queueIds, companyId: ignoredCompany, password: ignoredPassword, ...fields } = data
        void ignoredCompany
        void ignoredPassword
        const row = new User()
        row.useTransaction(trx)
        row.fill({ ...fields, password: passwordHash, profile: fields.profile ?? 'user', super: fields.super ?? false })
        await row.save()
        if (queueIds?.length) await row.related('queues').attach(queueIds)
        await audit.record(trx, {
          action: 'user.create',
          entity: 'user',
          entityId: row.id,
          companyId,
          after: { ...row.serialize(), queueIds },
        })
        return row
      })
      forgetActors()
      // pick up the column defaults the database filled in
      await user.refresh()
      await user.load('queues')
      realtime.toCompany(companyId, 'user', { action: 'create', user: present(user) })
      return ctx.response.created(present(user))
    })
  }

  async update(ctx: HttpContext) {
    const user = await findUser(ctx)
    const me = ctx.actor.user
    const self = user.id === me.id
    if (!self && !me.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
    if (user.super && !me.super) throw new AppError('ERR_NO_PERMISSION', 403)
    const data = await ctx.request.validateUsing(updateUserValidator)
    if (!me.isAdmin) for (const f of ADMIN_FIELDS) delete (data as any)[f]
    if (data.super !== undefined && !me.super) throw new AppError('ERR_NO_PERMISSION', 403)
    // an admin cannot demote themself and leave the company without an admin by accident
    if (self && data.profile === 'user' && me.profile === 'admin' && !me.super) {
      const admins = await User.query().where('profile', 'admin').count('* as total').pojo<{ total: string }>()
      if (Number(admins[0].total) <= 1) throw new AppError('ERR_NO_PERMISSION', 403)
    }
    if (data.email && data.email !== user.email.toLowerCase()) await assertEmailFree(data.email, user.id)
    if (data.queueIds) await assertQueuesOwned(data.queueIds)
    await assertConnectionOwned(data.whatsappId)
    if (data.password) {
      await rateLimiter.consume([{ key: `password:user:${user.id}`, max: 5, windowSeconds: 1800 }])
      // one's own password only with the current one: a stolen access token is not an account takeover.
      // An admin resetting someone else's password does not need theirs.
      if (self && !(data.currentPassword && (await hash.verify(user.password, data.currentPassword)))) {
        throw new AppError('ERR_WRONG_PASSWORD', 422, {
          fields: [
            { field: 'currentPassword', rule: data.currentPassword ? 'mismatch' : 'required', message: 'mismatch' },
          ],
        })
      }
    }

    const { queueIds, companyId: ignoredCompany, password, currentPassword: ignoredCurrent, ...fields } = data
    void ignoredCompany
    void ignoredCurrent
    const before = { ...user.serialize(), queues: undefined, queueIds: user.queues.map((q) => q.id) }
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.merge(fields)
      if (password) user.password = await hash.make(password)
      await user.save()
      if (queueIds) await user.related('queues').sync(queueIds)
      const after = { ...user.serialize(), queues: undefined, queueIds: queueIds ?? before.queueIds }
      await audit.record(trx, {
        action: 'user.update',
        entity: 'user',
        entityId: user.id,
        companyId: user.companyId,
        ...changedFields(before, after),
        details: password ? { passwordChanged: true } : null,
      })
    })
    // the queues changed after the user's save hook ran: forget the cached callers once committed
    forgetActors()
    if (password) await revokeUserSessions(user.id, 'password_changed', self ? ctx.actor.sessionId : undefined)
    await user.load('queues')
    realtime.toCompany(user.companyId, 'user', { action: 'update', user: present(user) })
    return present(user)
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const user = await findUser(ctx)
    if (user.id === ctx.actor.user.id) throw new AppError('ERR_NO_PERMISSION', 403)
    if (user.super && !ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
    await revokeUserSessions(user.id, 'deleted')
    await db.transaction(async (trx) => {
      await user.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'user.delete',
        entity: 'user',
        entityId: user.id,
        companyId: user.companyId,
        before: user.serialize(),
      })
    })
    await storage.delete(user.profileImage)
    realtime.toCompany(user.companyId, 'user', { action: 'delete', userId: user.id })
    return ctx.response.noContent()
  }

  async panelWidth(ctx: HttpContext) {
    const user = await findUser(ctx)
    if (user.id !== ctx.actor.user.id && !ctx.actor.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
    const { defaultTicketsManagerWidth } = await ctx.request.validateUsing(panelWidthValidator)
    user.defaultTicketsManagerWidth = Math.max(404, defaultTicketsManagerWidth)
    await user.save()
    return { defaultTicketsManagerWidth: user.defaultTicketsManagerWidth }
  }

  async mediaUpload(ctx: HttpContext) {
    const user = await findUser(ctx)
    if (user.id !== ctx.actor.user.id && !ctx.actor.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
    const file = ctx.request.file('profileImage', { size: '5mb' }) ?? ctx.request.file('file', { size: '5mb' })
    const saved = await storage.save(file, user.companyId, `users/${user.id}`, ['png', 'jpg', 'jpeg', 'webp', 'gif'])
    const previous = user.profileImage
    user.profileImage = saved.key
    await user.save()
    await storage.delete(previous)
    await user.load('queues')
    realtime.toCompany(user.companyId, 'user', { action: 'update', user: present(user) })
    return present(user)
  }
}
