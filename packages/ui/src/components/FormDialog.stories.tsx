import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormDialog } from './FormDialog.js'
import { TextField } from './FormFields.js'

const meta: Meta<typeof FormDialog> = {
  title: 'Kit/FormDialog',
  component: FormDialog,
  args: {
    open: true,
    title: 'Adicionar usuário',
    onClose: () => {},
    onSubmit: () => new Promise((r) => setTimeout(r, 800)),
    children: (
      <>
        <TextField label="Nome" value="" onChange={() => {}} error="validation.required" required />
        <TextField label="E-mail" value="ana@" onChange={() => {}} error="validation.invalidEmail" required />
      </>
    ),
  },
}
export default meta
export const Open: StoryObj<typeof FormDialog> = {}
export const Wide: StoryObj<typeof FormDialog> = { args: { wide: true } }
