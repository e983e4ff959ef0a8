import { ActionIcon, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCash, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Schema } from '@portal/api-client';
import { useRole } from '@portal/auth';
import { problemText } from '@portal/forms';
import { formatMoney, useDateFormat, validationMessages } from '@portal/i18n';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, RowAction, useDialogState, useServerTable } from '@portal/ui-kit';
import { useDownloadInvoiceDocument } from '../../api/invoices/download-invoice';
import { useInvoices } from '../../api/invoices/get-invoices';
import { usePayments } from '../../api/invoices/get-payments';
import { useManuelPay } from '../../api/invoices/manuel-pay';
import { invoiceStatuses, LabelledBadge, paymentModeLabels, Translated, transactionStatuses } from '../../utils/billing-labels';

type Invoice = Schema<'Invoice'>;
type Transaction = Schema<'TenantTransaction'>;

/** A YYYY-MM-DD day typed or picked. */
const isoDay = (input: string): string | null => (/^\d{4}-\d{2}-\d{2}$/.test(input.trim()) && !Number.isNaN(Date.parse(input.trim())) ? input.trim() : null);

/** The viewer's day as the instants the server filters by: from its first to its last millisecond. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

function When({ value }: { value: string }) {
  const format = useDateFormat();
  return <time dateTime={value}>{format.date(value)}</time>;
}

function Money({ amount, currency }: { amount: number; currency: string }) {
  const { i18n } = useLingui();
  return <>{formatMoney(amount, currency, i18n.locale)}</>;
}

function DocumentButtons({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  const download = useDownloadInvoiceDocument();
  const save = (document: 'invoice' | 'receipt') => download.mutate({ invoiceId: invoice.id, number: invoice.number, document });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t`Download invoice ${invoice.number}`}>
        <ActionIcon variant="subtle" aria-label={t`Download invoice ${invoice.number}`} onClick={() => save('invoice')}>
          <IconFileInvoice size={18} />
        </ActionIcon>
      </Tooltip>
      <Button size="compact-sm" variant="light" leftSection={<IconReceipt size={16} />} disabled={invoice.status !== 'paid'} onClick={() => save('receipt')} aria-label={t`Receipt of ${invoice.number}`}>
        <Trans>Receipt</Trans>
      </Button>
    </Group>
  );
}

const invoiceColumn = createDataTableColumnHelper<Invoice>();
const invoiceColumns = invoiceColumn.columns([
  invoiceColumn.accessor('number', { header: () => <Trans>Invoice</Trans>, enableSorting: false }),
  invoiceColumn.accessor('issuedAt', { header: () => <Trans>Invoice Date</Trans>, enableSorting: false, cell: ({ getValue }) => <When value={getValue()} /> }),
  invoiceColumn.accessor('total', { header: () => <Trans>Amount</Trans>, enableSorting: false, cell: ({ row }) => <Money amount={row.original.total} currency={row.original.currency} /> }),
  invoiceColumn.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <LabelledBadge value={invoiceStatuses[getValue()]} /> }),
  invoiceColumn.display({ id: 'receipt', header: () => <Trans>Receipt</Trans>, cell: ({ row }) => <DocumentButtons invoice={row.original} /> }),
]);

const platformInvoiceColumns = invoiceColumn.columns([invoiceColumn.accessor('tenantName', { header: () => <Trans>Tenant Name</Trans>, enableSorting: false }), ...invoiceColumns]);

const transactionColumn = createDataTableColumnHelper<Transaction>();
const transactionColumns = transactionColumn.columns([
  transactionColumn.accessor('reference', { header: () => <Trans>Transaction Id</Trans>, enableSorting: false }),
  transactionColumn.accessor('mode', { header: () => <Trans>Mode</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={paymentModeLabels[getValue()]} /> }),
  transactionColumn.accessor('createdAt', { header: () => <Trans>Date</Trans>, enableSorting: false, cell: ({ getValue }) => <When value={getValue()} /> }),
  transactionColumn.accessor('amount', { header: () => <Trans>Amount</Trans>, enableSorting: false, cell: ({ row }) => <Money amount={row.original.amount} currency={row.original.currency} /> }),
  transactionColumn.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <LabelledBadge value={transactionStatuses[getValue()]} /> }),
  transactionColumn.accessor('remarks', { header: () => <Trans>Remarks</Trans>, enableSorting: false, cell: ({ getValue }) => getValue() ?? '—' }),
]);

type Filter = { from?: string; to?: string; q?: string };

/**
 * Invoice history (route billing/invoice): the tenant's invoices with their PDF and receipt, and
 * its payment transactions, both narrowed by Start Date, End Date and a search once Filter is pressed.
 */
export function InvoiceHistoryScreen() {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>({});
  const invoicesTable = useServerTable();
  const paymentsTable = useServerTable();
  const rangeError = from && to && to < from ? i18n._(validationMessages.endBeforeStart) : null;
  // The platform super administrator sees every tenant's invoices and records bank transfers (manuelPay).
  const platform = useRole() === 'superadmin';
  const paying = useDialogState<Invoice>();
  const manuelPay = useManuelPay();
  const confirmPayment = () => {
    if (!paying.target) return;
    manuelPay.mutate(
      { invoiceId: paying.target.id },
      {
        onSuccess: (invoice) => {
          notify.success(t`Payment recorded for invoice ${invoice.number}`);
          paying.close();
        },
        onError: () => paying.close(),
      },
    );
  };
  const rowActions = platform ? (invoice: Invoice) => (invoice.status === 'open' ? <RowAction label={t`Record payment`} icon={<IconCash size={18} aria-hidden="true" />} onClick={() => paying.open(invoice)} /> : null) : undefined;
  const payingAmount = paying.target ? formatMoney(paying.target.total, paying.target.currency, i18n.locale) : '';
  const payingNumber = paying.target?.number ?? '';

  const page = (table: ReturnType<typeof useServerTable>) => ({ limit: table.params.limit, ...(table.params.cursor ? { cursor: table.params.cursor } : {}) });
  const invoices = useInvoices({ ...filter, ...page(invoicesTable) });
  const payments = usePayments({ ...filter, ...page(paymentsTable) });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    invoicesTable.reset();
    paymentsTable.reset();
    setFilter({ ...(from ? { from: startOf(from) } : {}), ...(to ? { to: endOf(to) } : {}), ...(search.trim() ? { q: search.trim() } : {}) });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>
        <Trans>Invoice History</Trans>
      </Title>
      <form onSubmit={apply} noValidate>
        <Group gap="md" align="flex-start" wrap="wrap">
          <DateInput label={t`Start Date`} value={from} onChange={setFrom} valueFormat="YYYY-MM-DD" dateParser={isoDay} clearable dir="ltr" w={180} />
          <DateInput label={t`End Date`} value={to} onChange={setTo} valueFormat="YYYY-MM-DD" dateParser={isoDay} clearable error={rangeError} dir="ltr" w={180} />
          <TextInput label={t`Search`} value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={220} />
          <Button type="submit" mt={25}>
            <Trans>Filter</Trans>
          </Button>
        </Group>
      </form>
      <DataTable
        paging={invoicesTable.bind(invoices.data?.nextCursor).paging}
        label={t`Invoices`}
        columns={platform ? platformInvoiceColumns : invoiceColumns}
        rowActions={rowActions}
        data={invoices.data?.items}
        getRowId={(invoice) => invoice.id}
        loading={invoices.isPending}
        error={invoices.isError ? problemText(invoices.error, i18n) : undefined}
        onRetry={() => void invoices.refetch()}
        emptyText={t`There are no invoice history!`}
        minWidth={640}
      />
      <Title order={3}>
        <Trans>Transactions</Trans>
      </Title>
      <DataTable
        paging={paymentsTable.bind(payments.data?.nextCursor).paging}
        label={t`Transactions`}
        columns={transactionColumns}
        data={payments.data?.items}
        getRowId={(transaction) => transaction.id}
        loading={payments.isPending}
        error={payments.isError ? problemText(payments.error, i18n) : undefined}
        onRetry={() => void payments.refetch()}
        emptyText={t`There are no transactions!`}
        minWidth={760}
      />
      <ConfirmDialog
        opened={paying.opened}
        title={t`Record payment`}
        message={t`Record the bank transfer of ${payingAmount} that pays invoice ${payingNumber}? Its plan becomes active.`}
        confirmLabel={t`Yes`}
        cancelLabel={t`No`}
        loading={manuelPay.isPending}
        onConfirm={confirmPayment}
        onClose={paying.close}
      />
    </Stack>
  );
}
