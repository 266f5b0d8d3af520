/**
 * Shared pieces of the browser suite: a headless Chromium, pages that record
 * their requests and errors, sign-in (the API's login, or the login form), and
 * screenshots saved under artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import { rateLimiter } from '#services/rate_limiter'

/** the mark the login form leaves for the app's landing (shell/src/session/actions.ts) */
const POST_LOGIN_KEY = 'balcao.postLogin'

export const BASE_URL = `http://127.0.0.1:${process.env.PORT ?? 3399}`
export const SUPER = {
  email: process.env.SUPER_EMAIL ?? 'super@balcao.test',
  password: process.env.SUPER_PASSWORD ?? 'super-secret-1',
}
const SHOTS = app.makePath('artifacts', 'screenshots')

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface TrackedPage {
  page: Page
  context: BrowserContext
  requests: string[]
  errors: string[]
}

/** A fresh context (own storage and cookies) whose requests and page errors are recorded. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; timezoneId?: string } = {}
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
    colorScheme: options.colorScheme ?? 'light',
    baseURL: BASE_URL,
    // the machine's zone unless a test asks for its users' (the browser's calendar days)
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  })
  const page = await context.newPage()
  const requests: string[] = []
  const errors: string[] = []
  page.on('request', (r: Request) => requests.push(new URL(r.url()).pathname))
  page.on('pageerror', (e) => errors.push(e.message))
  page.setDefaultTimeout(20_000)
  return { page, context, requests, errors }
}

/**
 * Signs in and waits for the app's menu, landing where the login form lands (/tickets when a
 * module serves it). The form is the subject of the session and two-factor suites; here signing
 * in is a means, so the API's login runs in the page's own context (its refresh cookie) and the
 * app opens once, as the form leaves it: a second of the form's rendering saved per sign-in.
 * A login that asks for more (a two-step challenge) or lands elsewhere goes through the form.
 */
export async function signIn(page: Page, email: string, password: string) {
  await rateLimiter.resetAll()
  const answer = await page.request.post('/auth/login', { data: { email, password }, failOnStatusCode: false })
  const { token, user } = answer.ok() ? ((await answer.json()) as { token?: string; user?: any }) : {}
  if (!token || (await landsElsewhere(page, token, user))) return signInWithForm(page, email, password)
  // a same-origin page that is not the app, to store what the form's login stores (the token under
  // the API client's key, packages/ui/src/api/client.ts, and the landing mark)
  await page.goto('/health')
  await page.evaluate(
    ([t, mark]) => {
      const w = globalThis as any
      w.localStorage.setItem('token', t)
      w.sessionStorage.setItem(mark, '1')
    },
    [token, POST_LOGIN_KEY]
  )
  await page.goto('/')
  // the top bar is there on every screen size (the menu is hidden on small screens)
  await page.waitForSelector('[data-testid=profile-menu]')
}

/**
 * Whether the form's login would land elsewhere than the app's start (LoginPage: an expired
 * company's invoices, the two-step enrolment a company requires): those go through the form.
 */
async function landsElsewhere(page: Page, token: string, user: any) {
  const company = user?.company ?? {}
  if (!user?.super && (company.expired || (typeof company.daysLeft === 'number' && company.daysLeft < 0))) return true
  const state = await page.request.get('/two-factor', { headers: { authorization: `Bearer ${token}` } })
  if (!state.ok()) return false
  const { required, enabled } = (await state.json()) as { required?: boolean; enabled?: boolean }
  return Boolean(required && !enabled)
}

/** Signs in through the login form and waits for the app's menu. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await rateLimiter.resetAll()
  await page.goto('/login')
  await page.fill('#email', email)
  await page.fill('#password', password)
  await page.click('button[type=submit]')
  await page.waitForSelector('[data-testid=profile-menu]')
}

/**
 * Takes a screenshot once popovers, dialogs and the drawer have finished their entrance
 * animation: two frames for one to start, then every finite animation done (at most 1.5 s).
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))')
  // an endless transition is shot as it is
  await page.waitForFunction(SETTLED, undefined, { timeout: 1500, polling: 'raf' }).catch(() => {})
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false })
}

const SETTLED = `!document.getAnimations().some(
  (a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity
)`

/** Texts of the menu links, in order. */
export async function menuTexts(page: Page) {
  return page.locator('[data-testid=side-menu] a').allInnerTexts()
}

export const remoteEntries = (requests: string[]) =>
  requests.filter((p) => /^\/remotes\/[^/]+\/remoteEntry\.js$/.test(p)).map((p) => p.split('/')[2])

/**
 * Clicks what opens a dialog and waits for it (see clickUntilShown).
 */
export async function openDialog(page: Page, trigger: string) {
  return clickUntilShown(page, trigger, page.locator('[role=dialog]').first())
}

/**
 * Clicks `trigger` and waits for `shown` (a dialog, a menu's item). A success toast (top right)
 * that slides in between Playwright's hit test and its click takes the click, so what did not
 * show is asked for again, at most three times.
 */
export async function clickUntilShown(page: Page, trigger: string, shown: Locator) {
  for (let attempt = 1; ; attempt++) {
    // what showed late is not asked for twice
    if (attempt === 1 || !(await shown.isVisible())) await page.click(trigger)
    try {
      await shown.waitFor({ timeout: 4000 })
      return shown
    } catch (e) {
      if (attempt === 3) throw e
    }
  }
}

/**
 * Answers the page's polls of an export job's state (`path`) with `state` until
 * the returned release is called: the button's progress can be looked at while
 * the real job finishes behind it, and the download follows the release.
 */
export async function holdExportState(
  page: Page,
  path: RegExp,
  state: { status: string; done: number; total: number }
) {
  await page.route(path, (route) => route.fulfill({ json: state, headers: { 'access-control-allow-origin': '*' } }))
  return () => page.unroute(path)
}
