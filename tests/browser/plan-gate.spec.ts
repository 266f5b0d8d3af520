import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import type { PlanFlag } from '#core/module'
import { allManifests } from '#services/module_registry'
import { PASSWORD, createPlan, createTenant, setPlanFlags } from '#tests/helpers/world'
import { SUPER, launchBrowser, menuTexts, openPage, remoteEntries, signIn } from './support.js'

test.group('browser · plan gate', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('only the remotes of the manifest are fetched', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context, requests } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    const manifest: { remote: { name: string } | null }[] = await page.evaluate(`(async () => {
      const headers = { Accept: 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') }
      return (await (await fetch('/modules', { headers })).json()).modules
    })()`)
    const allowed = new Set(manifest.flatMap((m) => (m.remote ? [m.remote.name] : [])))
    for (const path of ['/users', '/settings', '/helps', '/todolist']) {
      await page.goto(path)
      await page.locator('h1').first().waitFor()
    }
    for (const name of remoteEntries(requests)) assert.isTrue(allowed.has(name), `fetched ${name}`)
    await context.close()
  })

  test('turning a plan flag off hides the module and its remote is never fetched', async ({ assert }) => {
    const gated = allManifests().find(
      (m) => m.feature && m.remote && (m.menu ?? []).some((e) => (e.role ?? 'any') !== 'super')
    )
    const plan = await createPlan()
    const { admin } = await createTenant({ plan })

    // the super user turns the flag off in Settings → Plans
    const flag = gated?.feature ?? 'useCampaigns'
    const su = await openPage(browser)
    await signIn(su.page, SUPER.email, SUPER.password)
    await su.page.goto('/settings')
    await su.page.click('[data-testid=settings-tab-plans]')
    await su.page.click(`[data-testid=edit-plan-${plan.id}]`)
    const toggle = su.page.locator(`input[name=${flag}]`)
    await toggle.waitFor()
    assert.isTrue(await toggle.isChecked())
    await toggle.click()
    const saved = su.page.waitForResponse(
      (r) => r.url().endsWith(`/plans/${plan.id}`) && r.request().method() === 'PUT'
    )
    await su.page.click('button[type=submit]')
    assert.equal((await saved).status(), 200)
    await plan.refresh()
    assert.isFalse(plan.has(flag))
    await su.context.close()

    const { page, context, requests } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.waitForTimeout(500)
    if (!gated || !gated.remote) {
      // no installed module is gated by a plan flag yet: the admin still sees the core screens
      assert.include(await menuTexts(page), 'Usuários')
      await context.close()
      return
    }
    const entry = (gated.menu ?? [])[0]
    assert.notInclude(await page.locator('[data-testid=side-menu]').innerHTML(), `href="${entry.path}"`)
    await page.goto(entry.path)
    await page.locator('[data-testid=toast-error]').first().waitFor()
    assert.notInclude(remoteEntries(requests), gated.remote.name)

    // and back on: the entry returns
    await setPlanFlags(plan.id, { [flag]: true } as Record<PlanFlag, boolean>)
    await page.goto('/')
    await page.locator(`[data-testid=side-menu] a[href="${entry.path}"]`).waitFor()
    await context.close()
  })
})
