/**
 * Shared pieces of the browser suite: a headless Chromium, pages that record
 * their requests and errors, sign-in through the real login form, and
 * screenshots saved under artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import { rateLimiter } from '#services/rate_limiter'

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

/** Signs in through the login form and waits for the app's menu. */
export async function signIn(page: Page, email: string, password: string) {
  await rateLimiter.resetAll()
  await page.goto('/login')
  await page.fill('#email', email)
  await page.fill('#password', password)
  await page.click('button[type=submit]')
  // the top bar is there on every screen size (the menu is hidden on small screens)
  await page.waitForSelector('[data-testid=profile-menu]')
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  // let popovers, dialogs and the drawer finish their entrance animation
  await page.waitForTimeout(500)
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false })
}

/** Texts of the menu links, in order. */
export async function menuTexts(page: Page) {
  return page.locator('[data-testid=side-menu] a').allInnerTexts()
}

export const remoteEntries = (requests: string[]) =>
  requests.filter((p) => /^\/remotes\/[^/]+\/remoteEntry\.js$/.test(p)).map((p) => p.split('/')[2])

/**
 * Clicks what opens a dialog and waits for it. A success toast (top right)
 * that slides in between Playwright's hit test and its click takes the click,
 * so a dialog that did not open is asked for again, at most three times.
 */
export async function openDialog(page: Page, trigger: string) {
  const dialog = page.locator('[role=dialog]').first()
  for (let attempt = 1; ; attempt++) {
    // a dialog that opened late is not asked for twice
    if (attempt === 1 || !(await dialog.isVisible())) await page.click(trigger)
    try {
      await dialog.waitFor({ timeout: 4000 })
      return dialog
    } catch (e) {
      if (attempt === 3) throw e
    }
  }
}
