/** Which of the shell's keyboard dialogs is open (the palette, the cheat sheet): one at a time. */
import { atom } from 'jotai'

export const keyboardDialogAtom = atom<'palette' | 'cheatSheet' | null>(null)
