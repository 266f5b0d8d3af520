import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { PASSWORD, createTenant, superSession, uid } from '#tests/helpers/world'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

async function postAsSuper(path: string, body: unknown) {
  const { token } = await superSession()
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

test.group('browser · realtime', (group) => {
  group.each.timeout(90_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('an announcement created by the super user arrives live, with its priority colour', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context } = await openPage(browser)
    // the stream is signed in (EventSource cannot send headers: ?token=) and the subscriptions accepted
    const transmit: string[] = []
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/__transmit/'))
        transmit.push(`${url.pathname} ${r.status()}${url.searchParams.has('token') ? ' token' : ''}`)
    })
    await signIn(page, admin.email, PASSWORD)
    // let the realtime subscriptions settle
    await page.waitForTimeout(1500)
    assert.include(transmit, '/__transmit/events 200 token')
    assert.lengthOf(
      transmit.filter((t) => t === '/__transmit/subscribe 204'),
      3
    )
    assert.deepEqual(
      transmit.filter((t) => !/ 20[04]/.test(t)),
      []
    )
    const title = `Manutenção ${uid()}`
    await postAsSuper('/announcements', {
      title,
      text: 'O sistema ficará fora do ar às 22h.',
      priority: 1,
      status: true,
    })

    await page.locator('[data-testid=announcements-count]', { hasText: '1' }).first().waitFor()
    await page.click('[data-testid=announcements]')
    const item = page.locator('[data-testid=announcement-item]', { hasText: title })
    await item.waitFor()
    assert.equal(await item.getAttribute('data-priority'), '1')
    const border: string = await item.evaluate((el) => (globalThis as any).getComputedStyle(el).borderLeftColor)
    // red-ish: the high-priority colour
    const [r, g, b] = border.match(/\d+/g)!.map(Number)
    assert.isAbove(r, g + 60)
    assert.isAbove(r, b + 60)
    await screenshot(page, 'announcement-live')
    await context.close()
  })

  test('the help videos open in a player that Escape closes', async ({ assert }) => {
    const { admin } = await createTenant()
    const title = `Primeiros passos ${uid()}`
    await postAsSuper('/helps', {
      title,
      description: 'Como começar',
      video: 'dQw4w9WgXcQ',
    })
    const { page, context } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/helps')
    await page.locator('[data-testid=help-card]', { hasText: title }).click()
    await screenshot(page, 'helps-player')
    await page.locator('[data-testid=help-player] iframe').waitFor()
    assert.include(
      await page.locator('[data-testid=help-player] iframe').getAttribute('src'),
      'youtube.com/embed/dQw4w9WgXcQ'
    )
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=help-player]').waitFor({ state: 'detached' })
    await context.close()
  })
})
