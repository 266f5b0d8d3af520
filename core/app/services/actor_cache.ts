/**
 * The signed-in caller (session, user, company with its plan, the user's
 * queues), cached per session for a few seconds so an authenticated request
 * costs no lookups of its own. Any change to a user, company, plan or session
 * forgets every entry in every process (#core/cache); revocations take effect
 * at once, and the TTL bounds what a lost invalidation could leave behind.
 */
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Company from '#models/company'
import Plan from '#models/plan'
import { memoCache } from '#core/cache'
import { tenancy } from '#core/tenancy'
import UserSession from '#models/user_session'
import type { AccessClaims } from '#services/auth_tokens'

export interface LoadedActor {
  sessionId: string
  user: User
  company: Company & { plan: Plan }
  queueIds: number[]
}

const TTL_MS = 10_000
const actors = memoCache<LoadedActor | null>('actors', TTL_MS)

export function loadActor(claims: AccessClaims): Promise<LoadedActor | null> {
  return actors.get(claims.sid, () =>
    // the token names session, user and company: look them up together
    tenancy.asSystem(async () => {
      const [session, user, company, queues] = await Promise.all([
        UserSession.query().where('id', claims.sid).whereNull('revoked_at').first(),
        User.find(claims.uid),
        Company.query().where('id', claims.cid).preload('plan').first(),
        db.from('user_queues').where('user_id', claims.uid).select('queue_id'),
      ])
      if (!session || !user || !company || session.userId !== user.id || user.companyId !== company.id) return null
      return {
        sessionId: session.id,
        user,
        company: company as Company & { plan: Plan },
        queueIds: queues.map((r: { queue_id: number }) => Number(r.queue_id)),
      }
    })
  )
}

/** After any change to users, their queues, companies, plans or sessions. */
export function forgetActors() {
  actors.clear()
}

// every model write of a user, company or plan, in whichever process makes it
for (const model of [User, Company, Plan]) {
  model.after('save', forgetActors)
  model.after('delete', forgetActors)
}
