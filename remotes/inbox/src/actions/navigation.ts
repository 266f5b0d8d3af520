/**
 * Where the workspace goes after an action (spec 1 §2): after a transfer,
 * /tickets; after accepting or reopening a ticket that becomes open or group,
 * that ticket; otherwise /tickets.
 */
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import type { Ticket } from '../types.js'

export type ActionKind = 'accept' | 'reopen' | 'transfer' | 'resolve' | 'ignore' | 'return' | 'delete'

export function nextPath(kind: ActionKind, after: Ticket | null) {
  if (after && (kind === 'accept' || kind === 'reopen') && (after.status === 'open' || after.status === 'group'))
    return `/tickets/${after.uuid}`
  return '/tickets'
}

export function useAfterAction() {
  const navigate = useNavigate()
  return useCallback((kind: ActionKind, after: Ticket | null) => navigate(nextPath(kind, after)), [navigate])
}
