/**
 * The one tenant-scoping layer. Every request (and every job) runs inside a
 * tenant scope; every model of a tenant-owned table extends TenantModel, whose
 * queries are filtered by the scope's company and whose inserts are stamped
 * with it. There is no way to query a tenant table without a scope: outside of
 * one the query throws, so a forgotten filter fails loudly instead of leaking.
 * Platform code that must cross tenants (the super user's screens, sweeps)
 * says so explicitly with tenancy.asSystem().
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { LucidModel, ModelAdapterOptions } from '@adonisjs/lucid/types/model'
import { Exception } from '@adonisjs/core/exceptions'

type Scope = { kind: 'company'; companyId: number } | { kind: 'system' }

const storage = new AsyncLocalStorage<Scope>()

export class TenantScopeError extends Exception {
  static status = 500
  static code = 'E_TENANT_SCOPE'
}

export const tenancy = {
  /** Runs fn with every tenant query limited to companyId. */
  run<T>(companyId: number, fn: () => T): T {
    if (!Number.isInteger(companyId) || companyId <= 0) {
      throw new TenantScopeError(`Invalid tenant scope ${companyId}`)
    }
    return storage.run({ kind: 'company', companyId }, fn)
  },
  /** Runs fn without tenant filtering. Only for platform-level code. */
  asSystem<T>(fn: () => T): T {
    return storage.run({ kind: 'system' }, fn)
  },
  /** The company of the current scope, or undefined in a system scope. */
  companyId(): number | undefined {
    const scope = storage.getStore()
    return scope?.kind === 'company' ? scope.companyId : undefined
  },
  /** The company of the current scope; throws outside a company scope. */
  requireCompanyId(): number {
    const scope = storage.getStore()
    if (scope?.kind !== 'company') throw new TenantScopeError('No company scope for a tenant query')
    return scope.companyId
  },
  isSystem(): boolean {
    return storage.getStore()?.kind === 'system'
  },
  /** Enters a scope for the rest of the current async flow (middleware use). */
  enter(companyId: number) {
    storage.enterWith({ kind: 'company', companyId })
  },
}

function scopeOrThrow(table: string): Scope {
  const scope = storage.getStore()
  if (!scope) throw new TenantScopeError(`Query on tenant table "${table}" outside a tenant scope`)
  return scope
}

/** Base class of every model whose table has company_id. */
export class TenantModel extends BaseModel {
  @column()
  declare companyId: number

  static query<Model extends LucidModel, Result = InstanceType<Model>>(
    this: Model,
    options?: ModelAdapterOptions
  ): ModelQueryBuilderContract<Model, Result> {
    const query = (BaseModel.query as any).call(this, options) as ModelQueryBuilderContract<Model, Result>
    const scope = scopeOrThrow(this.table)
    if (scope.kind === 'company') query.where(`${this.table}.company_id`, scope.companyId)
    return query
  }

  @beforeSave()
  static stampCompany(row: TenantModel) {
    const scope = scopeOrThrow((row.constructor as typeof BaseModel).table)
    if (scope.kind !== 'company') {
      if (!row.companyId) throw new TenantScopeError('A tenant row needs a company')
      return
    }
    if (row.companyId === undefined || row.companyId === null) row.companyId = scope.companyId
    if (row.companyId !== scope.companyId) {
      throw new TenantScopeError('A tenant row cannot move to another company')
    }
  }
}
