import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { MultiSelectField, SelectField, SwitchField, TextField } from './FormFields.js'
import { check, rules } from '../validation/rules.js'

const meta: Meta = { title: 'Kit/FormFields' }
export default meta

/** The spec's messages: Required, Too Short!, Too Long!, Invalid email. */
function ValidationDemo() {
  const [name, setName] = useState('A')
  const [email, setEmail] = useState('ana@')
  const [password, setPassword] = useState('')
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 360 }}>
      <TextField label="Nome" value={name} onChange={setName} error={check(name, rules.name)} required />
      <TextField label="E-mail" value={email} onChange={setEmail} error={check(email, rules.email)} required />
      <TextField
        label="Senha"
        type="password"
        value={password}
        onChange={setPassword}
        error={check(password, rules.password)}
        required
      />
      <TextField label="Mensagem" multiline value="" onChange={() => {}} />
    </div>
  )
}

export const Validation: StoryObj = { render: () => <ValidationDemo /> }

function SelectsDemo() {
  const [profile, setProfile] = useState('user')
  const [queues, setQueues] = useState<string[]>(['1'])
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 360 }}>
      <SelectField
        label="Perfil"
        value={profile}
        onChange={setProfile}
        options={[
          { value: 'user', label: 'Usuário' },
          { value: 'admin', label: 'Administrador' },
        ]}
      />
      <MultiSelectField
        label="Filas"
        values={queues}
        onChange={setQueues}
        options={[
          { value: '1', label: 'Vendas' },
          { value: '2', label: 'Suporte' },
          { value: '3', label: 'Financeiro' },
        ]}
      />
    </div>
  )
}

export const Selects: StoryObj = { render: () => <SelectsDemo /> }

/** A setting switch with the updating hint shown while it saves. */
function SwitchDemo() {
  const [on, setOn] = useState(true)
  const [saving, setSaving] = useState(false)
  return (
    <SwitchField
      label="Avaliações"
      checked={on}
      disabled={saving}
      hint={saving ? 'Atualizando...' : undefined}
      onChange={(c) => {
        setOn(c)
        setSaving(true)
        setTimeout(() => setSaving(false), 1200)
      }}
    />
  )
}

export const Switches: StoryObj = { render: () => <SwitchDemo /> }

/** One read-only style for every kind of field (what an attendant sees in the settings). */
export const ReadOnly: StoryObj = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 360 }}>
      <SwitchField label="Avaliações" checked readOnly onChange={() => {}} />
      <SelectField
        label="Agendamento"
        value="company"
        options={[{ value: 'company', label: 'Empresa' }]}
        readOnly
        onChange={() => {}}
      />
      <TextField
        label="Mensagem de transferência"
        multiline
        value="Você foi transferido."
        readOnly
        onChange={() => {}}
      />
      <TextField label="Link LGPD" value="" readOnly onChange={() => {}} />
    </div>
  ),
}
