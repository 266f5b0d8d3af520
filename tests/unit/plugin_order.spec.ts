/**
 * The plugin loader's order (core/plugin_order.ts): each plugin after the
 * plugins its manifest dependsOn, discovery order otherwise; a missing or
 * circular dependency fails the boot with a message naming the plugins.
 */
import { test } from '@japa/runner'
import { orderPlugins, PluginDependencyError } from '../../core/plugin_order.js'
import { circular, duplicate, healthy, missing, selfLoop } from '../fixtures/plugin-order/manifests.js'

const names = (list: { manifest: { name: string } }[]) => list.map((p) => p.manifest.name)

test.group('plugin order (dependsOn)', () => {
  test('dependencies come first; independent plugins keep the discovery order', ({ assert }) => {
    const ordered = names(orderPlugins(healthy))
    assert.deepEqual(ordered, ['inbox', 'queues', 'bots', 'campaigns', 'api'])
    for (const p of healthy) {
      for (const dep of p.manifest.dependsOn ?? []) {
        assert.isBelow(ordered.indexOf(dep), ordered.indexOf(p.manifest.name), `${dep} before ${p.manifest.name}`)
      }
    }
  })

  test('plugins without dependsOn keep their order', ({ assert }) => {
    const plain = healthy.map((p) => ({ ...p, manifest: { ...p.manifest, dependsOn: undefined } }))
    assert.deepEqual(names(orderPlugins(plain)), ['bots', 'campaigns', 'inbox', 'queues', 'api'])
  })

  test('a missing dependency fails with the plugin, the folder and the missing name', ({ assert }) => {
    assert.throws(
      () => orderPlugins(missing),
      'Plugin "bots" (modules/bots) depends on "openai", which is not installed (no modules/openai/module.ts or channels/openai/channel.ts)'
    )
    try {
      orderPlugins(missing)
    } catch (error) {
      assert.instanceOf(error, PluginDependencyError)
    }
  })

  test('a circular dependency fails and names the cycle', ({ assert }) => {
    assert.throws(() => orderPlugins(circular), 'Circular plugin dependency: a → b → c → a')
    assert.throws(() => orderPlugins(selfLoop), 'Circular plugin dependency: solo → solo')
  })

  test('two plugins of one name fail', ({ assert }) => {
    assert.throws(() => orderPlugins(duplicate), /Two plugins are named "inbox"/)
  })

  test("the app's own plugins are in order (the inbox before the queues engine)", async ({ assert }) => {
    const { pluginOrder } = await import('../../core/plugins.js')
    assert.isBelow(pluginOrder.indexOf('inbox'), pluginOrder.indexOf('queues'))
  })
})

test.group('extension points', () => {
  test('contributors run in plugin order, whatever the registration order', async ({ assert }) => {
    const { ExtensionPoint } = await import('../../core/public/extensions.js')
    const point = new ExtensionPoint<string>('test point')
    point.add('queues', 'engine')
    point.add('inbox', 'inbox')
    point.add('a-test-plugin', 'outsider')
    assert.deepEqual(point.list(), ['inbox', 'engine', 'outsider'])
    assert.throws(
      () => point.add('queues', 'again'),
      'Plugin "queues" already contributes to the extension point "test point"'
    )
  })

  test('a single-owner slot refuses a second registration instead of replacing', async ({ assert }) => {
    const { SingleSlot } = await import('../../core/public/extensions.js')
    const slot = new SingleSlot<number>('test processor')
    assert.throws(() => slot.get(), 'No test processor registered')
    slot.set('inbox', 1)
    assert.throws(
      () => slot.set('bots', 2),
      '"test processor" is already registered by plugin "inbox"; plugin "bots" cannot replace it'
    )
    assert.equal(slot.get(), 1)
  })

  test('the inbox owns the inbound processor and the outbox handlers: a second registration throws', async ({
    assert,
  }) => {
    const { inbound, outbox } = await import('#core/pipeline')
    assert.throws(() => inbound.setProcessor('bots', async () => {}), /already registered by plugin "inbox"/)
    assert.throws(
      () => outbox.setHandlers('bots', { load: async () => null, sent: async () => {}, failed: async () => {} }),
      /already registered by plugin "inbox"/
    )
  })
})
