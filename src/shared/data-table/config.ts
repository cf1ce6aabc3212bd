/**
 * The one vocabulary of the filter list (docs/product/keywords-table.md): variants, operators, their labels, which
 * operators each variant offers (the first is its default) and the join operators. The client's
 * types, the URL schema (filter-schema.ts) and the server's input schema all derive from this.
 */
export const dataTableConfig = {
  textOperators: [
    { label: 'Contains', value: 'iLike' },
    { label: 'Does not contain', value: 'notILike' },
    { label: 'Is', value: 'eq' },
    { label: 'Is not', value: 'ne' },
    { label: 'Is empty', value: 'isEmpty' },
    { label: 'Is not empty', value: 'isNotEmpty' },
  ],
  numericOperators: [
    { label: 'Is', value: 'eq' },
    { label: 'Is not', value: 'ne' },
    { label: 'Is less than', value: 'lt' },
    { label: 'Is less than or equal to', value: 'lte' },
    { label: 'Is greater than', value: 'gt' },
    { label: 'Is greater than or equal to', value: 'gte' },
    { label: 'Is between', value: 'isBetween' },
    { label: 'Is empty', value: 'isEmpty' },
    { label: 'Is not empty', value: 'isNotEmpty' },
  ],
  dateOperators: [
    { label: 'Is', value: 'eq' },
    { label: 'Is not', value: 'ne' },
    { label: 'Is before', value: 'lt' },
    { label: 'Is after', value: 'gt' },
    { label: 'Is on or before', value: 'lte' },
    { label: 'Is on or after', value: 'gte' },
    { label: 'Is between', value: 'isBetween' },
    { label: 'Is relative to today', value: 'isRelativeToToday' },
    { label: 'Is empty', value: 'isEmpty' },
    { label: 'Is not empty', value: 'isNotEmpty' },
  ],
  selectOperators: [
    { label: 'Is', value: 'eq' },
    { label: 'Is not', value: 'ne' },
    { label: 'Is empty', value: 'isEmpty' },
    { label: 'Is not empty', value: 'isNotEmpty' },
  ],
  multiSelectOperators: [
    { label: 'Has any of', value: 'inArray' },
    { label: 'Has none of', value: 'notInArray' },
    { label: 'Is empty', value: 'isEmpty' },
    { label: 'Is not empty', value: 'isNotEmpty' },
  ],
  booleanOperators: [
    { label: 'Is', value: 'eq' },
    { label: 'Is not', value: 'ne' },
  ],
  sortOrders: [
    { label: 'Asc', value: 'asc' },
    { label: 'Desc', value: 'desc' },
  ],
  filterVariants: ['text', 'number', 'range', 'date', 'dateRange', 'boolean', 'select', 'multiSelect'],
  operators: [
    'iLike',
    'notILike',
    'eq',
    'ne',
    'inArray',
    'notInArray',
    'isEmpty',
    'isNotEmpty',
    'lt',
    'lte',
    'gt',
    'gte',
    'isBetween',
    'isRelativeToToday',
  ],
  joinOperators: ['and', 'or'],
  /** Filter id length, typing debounce, URL throttle, list height, page sizes (docs/product/limits.md). */
  filterIdLength: 8,
  debounceMs: 300,
  throttleMs: 50,
  filterListMaxHeightPx: 300,
  pageSizeOptions: [10, 20, 30, 40, 50],
} as const

export type FilterVariant = (typeof dataTableConfig.filterVariants)[number]
export type FilterOperator = (typeof dataTableConfig.operators)[number]
export type JoinOperator = (typeof dataTableConfig.joinOperators)[number]

/** The operators a variant offers, in menu order; the first is the default. */
export function operatorsFor(variant: FilterVariant) {
  switch (variant) {
    case 'text':
      return dataTableConfig.textOperators
    case 'number':
    case 'range':
      return dataTableConfig.numericOperators
    case 'date':
    case 'dateRange':
      return dataTableConfig.dateOperators
    case 'select':
      return dataTableConfig.selectOperators
    case 'multiSelect':
      return dataTableConfig.multiSelectOperators
    case 'boolean':
      return dataTableConfig.booleanOperators
  }
}

export const defaultOperatorFor = (variant: FilterVariant): FilterOperator => operatorsFor(variant)[0].value

export const isOperatorAllowed = (variant: FilterVariant, operator: FilterOperator) =>
  operatorsFor(variant).some((entry) => entry.value === operator)

/** Operators that take no value: choosing one clears it. */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty']
