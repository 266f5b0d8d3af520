/**
 * The signed-in user as the browser receives it from login, refresh and
 * /auth/me: the user's fields, queues, and the company with its settings.
 */
import type User from '#models/user'
import type Company from '#models/company'
import { companySettings } from '#core/settings'
import { tenancy } from '#core/tenancy'

export async function sessionUser(user: User, company: Company) {
  return tenancy.run(company.id, async () => {
    await user.load('queues', (q) => q.orderBy('name'))
    const settings = await companySettings.all()
    return {
      ...user.serialize(),
      queues: user.queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
      company: {
        id: company.id,
        name: company.name,
        dueDate: company.effectiveDueDate,
        status: company.status,
        planId: company.planId,
        expired: company.isExpired(),
        daysLeft: company.daysLeft(),
        companieSettings: settings,
      },
    }
  })
}
