import { createQueryKeys } from '@portal/api-client';

// Products and plans hang under `['catalogue']`: a product renamed or disabled changes the plans'
// product names and what is on sale, so any catalogue change refreshes every catalogue query.
const base = createQueryKeys('catalogue');

export const catalogueKeys = {
  ...base,
  products: () => [...base.all, 'products'] as const,
  product: (productId: string) => [...base.all, 'products', 'detail', productId] as const,
  plans: () => [...base.all, 'plans'] as const,
  plan: (planId: string) => [...base.all, 'plans', 'detail', planId] as const,
  constants: (name: 'currencies' | 'limits' | 'billing-cycles') => ['catalogue-constants', name] as const,
};
