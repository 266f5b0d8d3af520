/** Worker-thread entry of parseSheetInWorker (contact_sheet.ts): parses and posts the outcome. */
import { parentPort, workerData } from 'node:worker_threads'
import { parseSheet } from './contact_sheet.js'

const { bytes, ext, maxRows } = workerData as { bytes: Uint8Array; ext: string; maxRows: number }
parentPort!.postMessage(await parseSheet(bytes, ext, maxRows))
