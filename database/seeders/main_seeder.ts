/**
 * Platform data every installation needs, idempotent: plan 1 with every flag,
 * company 1 (the platform's own, never expires), the super user whose e-mail
 * and password come from the environment, and the global settings.
 */
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import env from '#start/env'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { planFlags } from '#core/plan_flags'

export default class MainSeeder extends BaseSeeder {
  async run() {
    await db.transaction(async (trx) => {
      await trx.rawQuery(
        `INSERT INTO plans (id, name, users, connections, queues, amount, features)
         VALUES (1, 'Plano 1', 10, 10, 10, 100, ?::jsonb) ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(Object.fromEntries(planFlags.names().map((f) => [f, true])))]
      )
      await trx.rawQuery(`SELECT setval('plans_id_seq', GREATEST((SELECT max(id) FROM plans), 1))`)
      await trx.rawQuery(
        `INSERT INTO companies (id, name, email, plan_id, status, due_date, recurrence)
         VALUES (1, 'Empresa 1', ?, 1, true, '2999-12-31', 'MENSAL') ON CONFLICT (id) DO NOTHING`,
        [env.get('SUPER_EMAIL', 'admin@balcao.local')]
      )
      await trx.rawQuery(`SELECT setval('companies_id_seq', GREATEST((SELECT max(id) FROM companies), 1))`)

      const email = env.get('SUPER_EMAIL', 'admin@balcao.local').toLowerCase()
      const password = env.get('SUPER_PASSWORD')
      const existing = await trx.from('users').whereRaw('lower(email) = ?', [email]).first()
      if (!existing) {
        if (!password) throw new Error('SUPER_PASSWORD must be set to create the super user')
        await trx.table('users').insert({
          company_id: 1,
          name: 'Admin',
          email,
          password: await hash.make(password),
          profile: 'admin',
          super: true,
        })
      }
      const hasSettings = await trx.from('company_settings').where('company_id', 1).first()
      if (!hasSettings) await tenancy.run(1, () => companySettings.createDefaults(trx))
    })
  }
}
