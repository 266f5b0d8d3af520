/**
 * The ticket workspace's pure logic (remotes/inbox/src/workspace): the panel
 * width bounds and what is saved, which list is shown, what "close all" sends.
 */
import { test } from '@japa/runner'
import {
  activeKind,
  closeAllBody,
  closeAllStatus,
  selectedQueueNames,
} from '../../remotes/inbox/src/workspace/listView.js'
import {
  PANEL_DEFAULT,
  PANEL_MAX,
  PANEL_MIN,
  PANEL_MIN_SAVED,
  clampWidth,
  initialWidth,
  widthToSave,
} from '../../remotes/inbox/src/workspace/panelWidth.js'

test.group('tickets workspace: panel width', () => {
  test('the width stays between 400 and 700, rounded', ({ assert }) => {
    assert.deepEqual([PANEL_MIN, PANEL_MAX, PANEL_DEFAULT, PANEL_MIN_SAVED], [400, 700, 550, 404])
    assert.equal(clampWidth(123), 400)
    assert.equal(clampWidth(999), 700)
    assert.equal(clampWidth(512.6), 513)
  })

  test('the panel opens with the saved width, else 550', ({ assert }) => {
    assert.equal(initialWidth(620), 620)
    assert.equal(initialWidth(0), 550)
    assert.equal(initialWidth(null), 550)
    assert.equal(initialWidth(1200), 700)
  })

  test('a drag saves at least 404, and nothing when the width is the saved one', ({ assert }) => {
    assert.equal(widthToSave(400, 550), 404)
    assert.equal(widthToSave(640, 550), 640)
    assert.isNull(widthToSave(550, 550))
    assert.isNull(widthToSave(400, 404))
  })
})

test.group('tickets workspace: lists and close all', () => {
  test('a search shows the Search list, else the Closed view or the tab', ({ assert }) => {
    assert.equal(activeKind(true, 'closed', 'pending'), 'search')
    assert.equal(activeKind(false, 'closed', 'pending'), 'closed')
    assert.equal(activeKind(false, 'inbox', 'pending'), 'pending')
    assert.equal(activeKind(false, 'inbox', 'group'), 'group')
  })

  test('close all closes pending tickets from Pending, open ones otherwise', ({ assert }) => {
    assert.equal(closeAllStatus('pending'), 'pending')
    assert.equal(closeAllStatus('open'), 'open')
    assert.equal(closeAllStatus('group'), 'open')
  })

  test('close all sends the selected queues, or every queue offered when none is selected', ({ assert }) => {
    const offered = [{ id: 1 }, { id: 2 }, { id: 3 }]
    assert.deepEqual(closeAllBody('open', [2], offered), { status: 'open', selectedQueueIds: [2] })
    assert.deepEqual(closeAllBody('pending', [], offered), { status: 'pending', selectedQueueIds: [1, 2, 3] })
  })

  test('the queue selector names the selected queues it offers', ({ assert }) => {
    const offered = [
      { id: 1, name: 'Sales' },
      { id: 2, name: 'Support' },
    ]
    assert.isNull(selectedQueueNames([], offered))
    assert.equal(selectedQueueNames([2, 1], offered), 'Sales, Support')
    assert.equal(selectedQueueNames([9], offered), '')
  })
})
