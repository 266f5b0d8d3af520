/** Texts of the invoices remote (pt default, en, es). */
export const texts = {
  pt: {
    invoicesPage: {
      title: 'Faturas em aberto',
      expired: 'Sua assinatura expirou em {{date}}. Entre em contato com o suporte.',
      nextDue: 'Próximo vencimento: {{date}}',
      empty: 'Nenhuma fatura.',
      columns: {
        company: 'Empresa',
        detail: 'Detalhes',
        amount: 'Valor',
        dueDate: 'Vencimento',
        status: 'Status',
        actions: 'Ações',
      },
      status: { open: 'Em aberto', paid: 'Paga', overdue: 'Vencida' },
      filter: { all: 'Todas', open: 'Em aberto', overdue: 'Vencidas', paid: 'Pagas' },
      markPaid: 'Marcar como paga',
      confirmPaid:
        'Confirmar o pagamento da fatura {{id}} de {{company}}? O vencimento da empresa avançará conforme a recorrência.',
      paid: 'Pagamento registrado. Novo vencimento: {{date}}',
      loadMore: 'Carregar mais',
      fetchError: 'Erro ao buscar faturas',
    },
  },
  en: {
    invoicesPage: {
      title: 'Open invoices',
      expired: 'Your subscription expired on {{date}}. Contact support.',
      nextDue: 'Next due date: {{date}}',
      empty: 'No invoices.',
      columns: {
        company: 'Company',
        detail: 'Details',
        amount: 'Amount',
        dueDate: 'Due date',
        status: 'Status',
        actions: 'Actions',
      },
      status: { open: 'Open', paid: 'Paid', overdue: 'Overdue' },
      filter: { all: 'All', open: 'Open', overdue: 'Overdue', paid: 'Paid' },
      markPaid: 'Mark as paid',
      confirmPaid:
        'Confirm the payment of invoice {{id}} of {{company}}? The company’s due date moves on by its recurrence.',
      paid: 'Payment recorded. New due date: {{date}}',
      loadMore: 'Load more',
      fetchError: 'Could not load invoices',
    },
  },
  es: {
    invoicesPage: {
      title: 'Facturas pendientes',
      expired: 'Su suscripción venció el {{date}}. Póngase en contacto con soporte.',
      nextDue: 'Próximo vencimiento: {{date}}',
      empty: 'No hay facturas.',
      columns: {
        company: 'Empresa',
        detail: 'Detalles',
        amount: 'Valor',
        dueDate: 'Vencimiento',
        status: 'Estado',
        actions: 'Acciones',
      },
      status: { open: 'Abierta', paid: 'Pagada', overdue: 'Vencida' },
      filter: { all: 'Todas', open: 'Abiertas', overdue: 'Vencidas', paid: 'Pagadas' },
      markPaid: 'Marcar como pagada',
      confirmPaid:
        '¿Confirmar el pago de la factura {{id}} de {{company}}? El vencimiento de la empresa avanzará según su recurrencia.',
      paid: 'Pago registrado. Nuevo vencimiento: {{date}}',
      loadMore: 'Cargar más',
      fetchError: 'Error al obtener las facturas',
    },
  },
}
