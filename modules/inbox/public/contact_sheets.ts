/**
 * The inbox's contact-sheet reader for other modules (campaign contact lists):
 * the magic-byte check and the parse in a worker thread, with row, size and
 * time caps, and the header aliases of reference §4 (nome/número/telefone/
 * e-mail, in pt, en and es). The refusals answer the inbox's ERR_IMPORT_* codes.
 */
export {
  contentMatches,
  fileContentMatches,
  parseSheetInWorker,
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportRow,
  type SheetOutcome,
} from '../services/contact_sheet.js'
