/**
 * The chatbot option tree as the editor holds it (a `key` per option for React
 * and path-based immutable edits) and its conversion to the API payload. Pure:
 * no React, no browser API (tests/unit/chatbot_tree.spec.ts).
 */
import type { ChatbotOption, ChatbotType } from './chatbotOption.js'

/** Root options plus three levels below: what modules/queues/validators.ts accepts. */
export const MAX_DEPTH = 4
export const OPTION_NAME_MIN = 4

export interface DraftOption {
  key: string
  id?: number
  name: string
  queueType: ChatbotType
  greetingMessage: string
  closeTicket: boolean
  optUserId: number | null
  optQueueId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options: DraftOption[]
}

export type Path = number[]

let seq = 0
const newKey = () => `option-${++seq}`

export function fromServer(list: ChatbotOption[] | undefined): DraftOption[] {
  return (list ?? []).map((o) => ({
    key: newKey(),
    id: o.id,
    name: o.name,
    queueType: o.queueType ?? 'text',
    greetingMessage: o.greetingMessage ?? '',
    closeTicket: !!o.closeTicket,
    optUserId: o.optUserId ?? null,
    optQueueId: o.optQueueId ?? null,
    optIntegrationId: o.optIntegrationId ?? null,
    optFileId: o.optFileId ?? null,
    options: fromServer(o.options),
  }))
}

export function blankOption(): DraftOption {
  return {
    key: newKey(),
    name: '',
    queueType: 'text',
    greetingMessage: '',
    closeTicket: false,
    optUserId: null,
    optQueueId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
  }
}

/** Replaces (or, with null, removes) the option at `path`. */
export function updateAt(list: DraftOption[], path: Path, fn: (o: DraftOption) => DraftOption | null): DraftOption[] {
  const [i, ...rest] = path
  return list.flatMap((o, j) => {
    if (j !== i) return [o]
    if (rest.length) return [{ ...o, options: updateAt(o.options, rest, fn) }]
    const next = fn(o)
    return next ? [next] : []
  })
}

export const addChild = (list: DraftOption[], path: Path) =>
  updateAt(list, path, (o) => ({ ...o, options: [...o.options, blankOption()] }))

/** Moves the option at `path` one place up (-1) or down (+1) among its siblings. */
export function move(list: DraftOption[], path: Path, delta: -1 | 1): DraftOption[] {
  const swap = (siblings: DraftOption[], i: number) => {
    const j = i + delta
    if (j < 0 || j >= siblings.length) return siblings
    const copy = [...siblings]
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
    return copy
  }
  if (path.length === 1) return swap(list, path[0])
  const parent = path.slice(0, -1)
  return updateAt(list, parent, (o) => ({ ...o, options: swap(o.options, path[path.length - 1]) }))
}

/** i18n keys of the option's problems (spec 2 §5: name required, at least 4 characters). */
export function optionErrors(o: DraftOption): { name?: string; target?: string } {
  const errors: { name?: string; target?: string } = {}
  const name = o.name.trim()
  if (!name) errors.name = 'validation.required'
  else if (name.length < OPTION_NAME_MIN) errors.name = 'validation.tooShort'
  const missing =
    (o.queueType === 'queue' && !o.optQueueId) ||
    (o.queueType === 'attendent' && (!o.optQueueId || !o.optUserId)) ||
    (o.queueType === 'integration' && !o.optIntegrationId) ||
    (o.queueType === 'file' && !o.optFileId)
  if (missing) errors.target = 'validation.required'
  return errors
}

/** The option's number as shown ("1.2.3") and as used in test ids and field names ("1-2-3"). */
export const optionLabel = (path: Path) => path.map((i) => i + 1).join('.')
export const optionId = (path: Path) => path.map((i) => i + 1).join('-')

/** An option with sub-options and no message leaves the contact without the menu text: warned, not refused. */
export const missingMenuMessage = (o: DraftOption) => o.options.length > 0 && !o.greetingMessage.trim()

export function treeValid(list: DraftOption[]): boolean {
  return list.every((o) => Object.keys(optionErrors(o)).length === 0 && treeValid(o.options))
}

/**
 * The server numbers options by id and updates those it knows by id, so a
 * level whose order no longer follows the ids is sent without ids: the server
 * then recreates it in the order shown.
 */
function followsIds(list: DraftOption[]) {
  let last = 0
  for (const o of list) {
    if (o.id === undefined) last = Number.MAX_SAFE_INTEGER
    else if (o.id <= last) return false
    else last = o.id
  }
  return true
}

export interface OptionPayload extends Omit<ChatbotOption, 'options'> {
  options: OptionPayload[]
}

export function toPayload(list: DraftOption[], keepIds = true): OptionPayload[] {
  const keep = keepIds && followsIds(list)
  return list.map((o) => {
    const t = o.queueType
    return {
      ...(keep && o.id !== undefined ? { id: o.id } : {}),
      name: o.name.trim(),
      queueType: t,
      greetingMessage: o.greetingMessage.trim() || null,
      closeTicket: o.closeTicket,
      optQueueId: t === 'queue' || t === 'attendent' ? o.optQueueId : null,
      optUserId: t === 'attendent' ? o.optUserId : null,
      optIntegrationId: t === 'integration' ? o.optIntegrationId : null,
      optFileId: t === 'file' ? o.optFileId : null,
      options: toPayload(o.options, keep),
    }
  })
}
