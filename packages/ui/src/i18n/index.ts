/** The kit's texts per language; the shell loads them into its i18next instance. */
import pt from './kit.pt.js'
import en from './kit.en.js'
import es from './kit.es.js'

export const kitResources = { pt, en, es }
export type KitTexts = typeof pt
