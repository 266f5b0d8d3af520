import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '@fluentui/react-components'
import { DataTable, type Column } from './DataTable.js'
import { RowActions } from './RowActions.js'

interface Row {
  id: number
  name: string
  email: string
}

const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: `Pessoa ${from + i}`,
    email: `pessoa${from + i}@example.test`,
  }))

const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', render: (r) => r.id, width: '60px' },
  { key: 'name', header: 'Nome', render: (r) => r.name },
  { key: 'email', header: 'E-mail', render: (r) => r.email },
]

const meta: Meta<typeof DataTable<Row>> = {
  title: 'Kit/DataTable',
  component: DataTable,
  args: { columns, getRowId: (r: Row) => r.id },
}
export default meta
type Story = StoryObj<typeof DataTable<Row>>

export const WithRows: Story = { args: { items: rows(1, 8) } }
export const Loading: Story = { args: { items: [], loading: true } }
export const Empty: Story = { args: { items: [] } }
export const Failed: Story = { args: { items: [], error: new Error('Falha de rede'), onRetry: () => {} } }

/** 500 ms search debounce and the next page within 100 px of the end. */
function SearchAndScrollDemo() {
  const [items, setItems] = useState(rows(1, 20))
  const [search, setSearch] = useState('')
  const shown = items.filter((r) => r.name.toLowerCase().includes(search.toLowerCase()))
  return (
    <DataTable
      columns={columns}
      getRowId={(r) => r.id}
      items={shown}
      hasMore={items.length < 100}
      onLoadMore={() => setItems((list) => [...list, ...rows(list.length + 1, 20)])}
      onSearch={setSearch}
      maxHeight="320px"
      toolbar={<Button appearance="primary">Adicionar</Button>}
    />
  )
}

export const SearchAndInfiniteScroll: Story = { render: () => <SearchAndScrollDemo /> }

export const Dark: Story = { args: { items: rows(1, 5) }, globals: { theme: 'dark' } }

/** The same list on a phone (390 px): every row a card, the name as its title, the actions always in reach. */
const phoneColumns: Column<Row>[] = [
  { key: 'id', header: 'ID', render: (r) => r.id, width: '60px' },
  { key: 'name', header: 'Nome', render: (r) => r.name },
  { key: 'email', header: 'E-mail', render: (r) => r.email },
  { key: 'profile', header: 'Perfil', render: () => 'Administrador' },
  {
    key: 'actions',
    header: 'Ações',
    align: 'end',
    width: '100px',
    render: () => <RowActions onEdit={() => {}} onDelete={() => {}} />,
  },
]

export const Phone: Story = {
  args: {
    items: rows(1, 6),
    columns: phoneColumns,
    onSearch: () => {},
    toolbar: <Button appearance="primary">Adicionar</Button>,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 390, maxWidth: '100%', border: '1px dashed #999' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { viewport: { defaultViewport: 'mobile1' } },
}
