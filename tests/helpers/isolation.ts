/**
 * The tenant-isolation matrix contract. Every route the app registers must have
 * a case; each module ships its cases in modules/<name>/tests/isolation.ts
 * (channels in channels/<name>/tests/isolation.ts), the core in
 * tests/isolation/core_cases.ts. tests/functional/isolation.spec.ts runs them.
 */
import type { TenantWorld } from './world.js'

export interface IsolationFixture {
  params?: Record<string, string | number>
  qs?: Record<string, unknown>
  body?: Record<string, unknown>
  /** multipart files: field name → file name and content */
  files?: Record<string, { name: string; content: Buffer }>
  /** a string that appears only in the owner's resource; must never reach another tenant */
  marker?: string
}

export interface IsolationCase {
  /** METHOD + pattern exactly as registered, e.g. 'GET /users/:id' */
  route: string
  /** who may call it in the owner's company: any signed-in user, an admin, or only the super user */
  access: 'user' | 'admin' | 'super'
  /** creates a resource owned by `owner` and returns what a call on it needs */
  fixture: (owner: TenantWorld) => Promise<IsolationFixture>
  /**
   * What another company's admin gets: 'deny' (403/404, the default for routes
   * with params) or 'filter' (a call on their own data that must not show the
   * owner's marker, the default for routes without params).
   */
  cross?: 'deny' | 'filter'
  /** status the rightful caller gets (default: any 2xx) */
  ok?: number
}

export const defineIsolationCases = (cases: IsolationCase[]) => cases
