/** Texts of the kit's components and validation rules, in Portuguese. */
import errors from './errors.pt.js'

export default {
  errors,
  validation: {
    required: 'Obrigatório',
    tooShort: 'Muito curto!',
    tooLong: 'Muito longo!',
    invalidEmail: 'E-mail inválido',
    numeric: 'Informe apenas números',
  },
  kit: {
    search: 'Pesquisar',
    loading: 'Carregando...',
    loadMore: 'Carregar mais',
    empty: 'Nenhum registro encontrado',
    emptyHint: 'Quando houver registros, eles aparecerão aqui.',
    errorTitle: 'Não foi possível carregar a lista de registros',
    retry: 'Tentar novamente',
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    yes: 'Sim',
    no: 'Não',
    close: 'Fechar',
    save: 'Salvar',
    actions: 'Ações',
    edit: 'Editar',
    delete: 'Excluir',
    add: 'Adicionar',
    noPermission: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    updating: 'Atualizando...',
    saved: 'Operação realizada com sucesso!',
    dismiss: 'Dispensar',
  },
}
