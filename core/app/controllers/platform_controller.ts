import type { HttpContext } from '@adonisjs/core/http'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { AppError } from '#core/errors'
import { storage } from '#core/storage'
import { channelsFor, gatedRoutes, invoicesOnly, manifestFor } from '#services/module_registry'
import { jobsBackend } from '#core/jobs'
import { isDraining } from '#services/drain'
import { planFlagList, planFlagValues } from '#core/plan_flags'
import { pluginErrorTexts } from '#core/error_texts'

const packageVersion = JSON.parse(readFileSync(app.makePath('package.json'), 'utf8')).version as string

export default class PlatformController {
  async version() {
    return { version: env.get('APP_VERSION') ?? packageVersion }
  }

  /** 200 while the node serves; 503 from the moment it drains on SIGTERM (load balancers move away) */
  async health(ctx: HttpContext) {
    if (isDraining()) return ctx.response.status(503).send({ status: 'draining', jobs: jobsBackend() })
    return { status: 'ok', jobs: jobsBackend() }
  }

  async modules(ctx: HttpContext) {
    const { user, company } = ctx.actor
    const blocked = !user.super && (!company.status || company.isExpired())
    return {
      blocked,
      modules: blocked ? invoicesOnly(user, company.plan) : manifestFor(user, company.plan),
      channels: blocked ? [] : channelsFor(company.plan),
      /** routes the user may not open and why (plan flag off, role, super user): the shell's denials */
      gated: blocked ? [] : gatedRoutes(user, company.plan),
      /** the company's plan flags (for parts of the shell a flag hides) */
      flags: planFlagValues(company.plan),
      /** every declared flag, for the super user's plans screen */
      planFlags: planFlagList(),
      /** the plugins' error texts (the core's are bundled in the browser) */
      errors: pluginErrorTexts(),
    }
  }

  /** Private media through a signed, expiring URL (see core storage). */
  async media(ctx: HttpContext) {
    const key = (ctx.params['*'] as string[]).join('/')
    const exp = Number(ctx.request.input('exp'))
    const sig = String(ctx.request.input('sig', ''))
    const cid = String(ctx.request.input('cid', ''))
    if (!/^(global|c\d+)\/[a-zA-Z0-9_\-/]+\.[a-z0-9]+$/.test(key) || !storage.verify(key, exp, sig, cid)) {
      throw new AppError('ERR_NOT_FOUND', 404)
    }
    const disk = storage.disk()
    if (!(await disk.exists(key))) throw new AppError('ERR_NOT_FOUND', 404)
    const meta = await disk.getMetaData(key)
    ctx.response.header('content-type', meta.contentType ?? 'application/octet-stream')
    ctx.response.header('cache-control', 'private, max-age=3600')
    ctx.response.stream(await disk.getStream(key))
  }
}
