import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper, DataTable, useServerTable } from '@portal/ui-kit';
import type { Schema } from '@portal/api-client';
import { useTenantTransactions } from '../../api/get-tenant-transactions';
import { LabelledBadge, paymentModeLabels, Translated, transactionStatuses } from '../../utils/billing-labels';
import { problemText } from '@portal/forms';

export type TenantTransactionsSectionProps = { tenantId: string };

type Transaction = Schema<'TenantTransaction'>;

function When({ value }: { value: string }) {
  const format = useDateFormat();
  return <time dateTime={value}>{format.dateTime(value)}</time>;
}

function Amount({ transaction }: { transaction: Transaction }) {
  const { i18n } = useLingui();
  return <>{formatMoney(transaction.amount, transaction.currency, i18n.locale)}</>;
}

const column = createDataTableColumnHelper<Transaction>();

// The server answers newest first: no column sorts.
const columns = column.columns([
  column.accessor('reference', { header: () => <Trans>Transaction Id</Trans>, enableSorting: false }),
  column.accessor('mode', { header: () => <Trans>Mode</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={paymentModeLabels[getValue()]} /> }),
  column.accessor('createdAt', { header: () => <Trans>Date</Trans>, enableSorting: false, cell: ({ getValue }) => <When value={getValue()} /> }),
  column.accessor('amount', { header: () => <Trans>Amount</Trans>, enableSorting: false, cell: ({ row }) => <Amount transaction={row.original} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <LabelledBadge value={transactionStatuses[getValue()]} /> }),
  column.accessor('remarks', { header: () => <Trans>Remarks</Trans>, enableSorting: false, cell: ({ getValue }) => getValue() ?? '—' }),
]);

const getRowId = (transaction: Transaction) => transaction.id;

/** The "Transactions" section of the tenant detail: the tenant's payments, newest first, a page at a time. */
export function TenantTransactionsSection({ tenantId }: TenantTransactionsSectionProps) {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const transactions = useTenantTransactions(tenantId, { limit: table.params.limit, ...(table.params.cursor ? { cursor: table.params.cursor } : {}) });
  return (
    <DataTable
      paging={table.bind(transactions.data?.nextCursor).paging}
      label={t`Transactions`}
      columns={columns}
      data={transactions.data?.items}
      getRowId={getRowId}
      loading={transactions.isPending}
      error={transactions.isError ? problemText(transactions.error, i18n) : undefined}
      onRetry={() => void transactions.refetch()}
      emptyText={t`There are no transactions!`}
      minWidth={760}
    />
  );
}
