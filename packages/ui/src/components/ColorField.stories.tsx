import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { ColorField } from './ColorField.js'

const meta: Meta = { title: 'Kit/ColorField' }
export default meta

function Demo(props: { initial: string; error?: string }) {
  const [value, setValue] = useState(props.initial)
  return (
    <div style={{ maxWidth: 360 }}>
      <ColorField
        label="Cor"
        hint="Hexadecimal, por exemplo #1e88e5."
        randomLabel="Sortear outra cor"
        value={value}
        onChange={setValue}
        error={props.error ?? null}
        previewName="Cliente VIP"
      />
    </div>
  )
}

export const Valid: StoryObj = { render: () => <Demo initial="#1e88e5" /> }
export const Invalid: StoryObj = { render: () => <Demo initial="#12" error="Cor inválida: use #rrggbb." /> }
