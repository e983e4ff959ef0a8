import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { catalogueKeys } from './keys';

export type GetProductsParams = NonNullable<operations['getProducts']['parameters']['query']>;
export type Product = Schema<'Product'>;

export function getProducts(params: GetProductsParams, signal?: AbortSignal) {
  return ok(api().GET('/products', { params: { query: params }, signal }));
}

export function getProductsQueryOptions(params: GetProductsParams) {
  return queryOptions({ queryKey: [...catalogueKeys.products(), params] as const, queryFn: ({ signal }) => getProducts(params, signal) });
}

/** One page of the platform's products, by name. */
export function useProducts(params: GetProductsParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProductsQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
