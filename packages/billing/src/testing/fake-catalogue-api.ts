// An in-memory stand-in for the billing catalogue of openapi/portal.yaml (products, plans and
// the constants their forms offer), answering through the real api-client like the other fakes so
// stories and tests run the portal's own request code. It keeps the server's rules that the
// screens show (a product with plans or a plan in use cannot be deleted, names are unique), pages
// by name with a cursor, records every request and can be told to fail.
import type { Schema } from '@portal/api-client';
import { answerApiWith, jsonResponse as json, operationAmong, problemResponse as problem } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Product = Schema<'Product'>;
type Plan = Schema<'Plan'>;
type CurrentUser = Schema<'CurrentUser'>;

/** The operations this fake answers, by the contract's operationId. */
const CATALOGUE_OPERATIONS = ['getProducts', 'getProduct', 'addProduct', 'updateProduct', 'deleteProduct', 'getPlans', 'getPlan', 'addPlan', 'updatePlan', 'deletePlan', 'getCurrencies', 'getLimits', 'getBillingCycles'] as const;
export type FakeCatalogueOperation = (typeof CATALOGUE_OPERATIONS)[number];

export type FakeCatalogueRequest = { operation: FakeCatalogueOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };

export type FakeCatalogueApiOptions = {
  products?: Product[];
  plans?: Plan[];
  /** Names of plans subscriptions use: deleting one answers 409 `plan_in_use`. */
  plansInUse?: string[];
  /** The caller's permissions (default: every products and plans permission, as the super administrator). */
  permissions?: string[];
  failing?: FakeCatalogueOperation[];
};

export type FakeCatalogueApi = {
  requests: FakeCatalogueRequest[];
  requestsOf: (operation: FakeCatalogueOperation) => FakeCatalogueRequest[];
  products: Product[];
  plans: Plan[];
};

export const ALL_CATALOGUE_PERMISSIONS = [
  'products.get',
  'products.put',
  'products.update',
  'products.delete',
  'products.disable',
  'plans.get',
  'plans.put',
  'plans.update',
  'plans.delete',
  'plans.disable',
];

const uuid = (n: number) => `00000000-0000-4000-8000-cccc${String(n).padStart(8, '0')}`;
const CREATED = '2026-11-01T09:00:00.000Z';

export function fakeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return { id: uuid(n), name: `Product ${n}`, description: `Description ${n}`, isBundle: false, disabled: false, planCount: 0, createdAt: CREATED, updatedAt: CREATED, ...overrides };
}

export function fakePlan(n: number, product: Product, overrides: Partial<Plan> = {}): Plan {
  return {
    id: uuid(1000 + n),
    name: `Plan ${n}`,
    description: `Description ${n}`,
    productId: product.id,
    productName: product.name,
    productIsBundle: product.isBundle,
    minUsers: 1,
    maxUsers: 100,
    published: true,
    disabled: false,
    prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }],
    limits: [],
    linkedPlans: [],
    roles: ['member'],
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

/** A catalogue like the demo's: meetings (Starter, Business), webinars and a storage bundle. */
export function fakeCatalogue(): { products: Product[]; plans: Plan[] } {
  const meeting = fakeProduct(1, { name: 'Meeting', description: 'Video meetings with screen sharing and recording', planCount: 2 });
  const webinar = fakeProduct(2, { name: 'Webinar', description: 'Large one-to-many events', planCount: 1 });
  const storage = fakeProduct(3, { name: 'Storage bundle', description: 'Extra cloud storage for recordings', isBundle: true, planCount: 1 });
  const archive = fakeProduct(4, { name: 'Archive', description: 'Retired offers', disabled: true });
  const cloud = fakePlan(4, storage, {
    name: 'Cloud storage 1 TB',
    description: 'One terabyte, billed yearly',
    maxUsers: 1,
    prices: [
      { currency: 'EUR', billingCycle: 'yearly', amount: 22_000 },
      { currency: 'USD', billingCycle: 'yearly', amount: 24_000 },
    ],
    limits: [{ kind: 'storage_gb', value: 1000, unit: 'Number' }],
    roles: [],
  });
  return {
    products: [meeting, webinar, storage, archive],
    plans: [
      fakePlan(1, meeting, {
        name: 'Starter',
        description: 'Small teams',
        maxUsers: 10,
        prices: [
          { currency: 'EUR', billingCycle: 'monthly', amount: 550 },
          { currency: 'USD', billingCycle: 'monthly', amount: 600 },
          { currency: 'USD', billingCycle: 'yearly', amount: 6_000 },
        ],
        limits: [
          { kind: 'participants', value: 50, unit: 'Number' },
          { kind: 'meeting_duration', value: 60, unit: 'Minutes' },
        ],
      }),
      fakePlan(2, meeting, {
        name: 'Business',
        description: 'Companies',
        minUsers: 5,
        maxUsers: 500,
        prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }],
        limits: [{ kind: 'meeting_minutes', value: 100_000, unit: 'Minutes' }],
        linkedPlans: [{ id: cloud.id, name: cloud.name }],
        roles: ['admin', 'member'],
      }),
      fakePlan(3, webinar, { name: 'Webinar 3000', description: 'Not on sale yet', published: false, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 9_000 }] }),
      cloud,
    ],
  };
}

function operationOf(method: string, path: string): FakeCatalogueOperation | 'other' {
  return operationAmong(CATALOGUE_OPERATIONS, method, path) ?? 'other';
}

function page<T extends { name: string }>(rows: T[], url: URL, matches: (row: T, q: string) => boolean) {
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const offset = Number(url.searchParams.get('cursor') ?? 0);
  const matching = [...rows].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())).filter((row) => !q || matches(row, q));
  return { items: matching.slice(offset, offset + limit), nextCursor: offset + limit < matching.length ? String(offset + limit) : null };
}

export function installFakeCatalogueApi(options: FakeCatalogueApiOptions = {}): FakeCatalogueApi {
  const products = [...(options.products ?? [])];
  const plans = [...(options.plans ?? [])];
  const requests: FakeCatalogueRequest[] = [];
  const permissions = options.permissions ?? ALL_CATALOGUE_PERMISSIONS;
  const currentUser: CurrentUser = {
    id: uuid(900),
    email: 'admin@system.example',
    firstName: 'Platform',
    lastName: 'Administrator',
    displayName: 'Platform Administrator',
    role: 'superadmin',
    roles: ['superadmin'],
    photoURL: null,
    tenant: { id: uuid(901), name: 'Platform', sname: 'system' },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions,
    csrfToken: 'csrf-token',
  };
  let next = 500;
  const planCount = (productId: string) => plans.filter((plan) => plan.productId === productId).length;
  const withCount = (product: Product): Product => ({ ...product, planCount: planCount(product.id) });
  const nameTaken = <T extends { id: string; name: string }>(rows: T[], name: string | undefined, id?: string) =>
    name !== undefined && rows.some((row) => row.id !== id && row.name.toLowerCase() === name.toLowerCase());

  function planFrom(input: Schema<'PlanCreate'>, base: Plan | undefined): Plan | Response {
    const product = products.find((p) => p.id === input.productId);
    if (!product) return problem(400, 'validation_failed', [{ field: 'productId', code: 'unknown_product' }]);
    const linked = (input.linkedPlanIds ?? []).map((id) => plans.find((plan) => plan.id === id));
    const unknown = linked.findIndex((plan) => !plan || plan.id === base?.id);
    if (unknown >= 0) return problem(400, 'validation_failed', [{ field: `linkedPlanIds.${unknown}`, code: 'unknown_plan' }]);
    return {
      ...(base ?? fakePlan(next++, product)),
      name: input.name,
      description: input.description ?? '',
      productId: product.id,
      productName: product.name,
      productIsBundle: product.isBundle,
      minUsers: input.minUsers,
      maxUsers: input.maxUsers,
      published: input.published ?? false,
      disabled: input.disabled ?? base?.disabled ?? false,
      prices: input.prices ?? [],
      limits: input.limits ?? [],
      linkedPlans: linked.map((plan) => ({ id: plan!.id, name: plan!.name })),
      roles: input.roles ?? [],
    };
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const id = path.split('/')[2];
    const productIndex = products.findIndex((product) => product.id === id);
    const planIndex = plans.findIndex((plan) => plan.id === id);
    switch (operation) {
      case 'getProducts':
        return json(200, page(products.map(withCount), url, (row, q) => row.name.toLowerCase().includes(q) || row.description.toLowerCase().includes(q)));
      case 'getProduct':
        return productIndex < 0 ? problem(404, 'not_found') : json(200, withCount(products[productIndex]!));
      case 'addProduct': {
        const input = body as Schema<'ProductCreate'>;
        if (nameTaken(products, input.name)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        const created = fakeProduct(next++, { ...input, description: input.description ?? '', isBundle: input.isBundle ?? false });
        products.push(created);
        return json(201, created);
      }
      case 'updateProduct': {
        if (productIndex < 0) return problem(404, 'not_found');
        const input = body as Schema<'ProductUpdate'>;
        if (nameTaken(products, input.name, id)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        products[productIndex] = { ...products[productIndex]!, ...input };
        return json(200, withCount(products[productIndex]));
      }
      case 'deleteProduct':
        if (productIndex < 0) return problem(404, 'not_found');
        if (planCount(id!) > 0) return problem(409, 'product_in_use');
        products.splice(productIndex, 1);
        return json(204, null);
      case 'getPlans':
        return json(200, page(plans, url, (row, q) => row.name.toLowerCase().includes(q) || row.description.toLowerCase().includes(q)));
      case 'getPlan':
        return planIndex < 0 ? problem(404, 'not_found') : json(200, plans[planIndex]);
      case 'addPlan': {
        const input = body as Schema<'PlanCreate'>;
        if (nameTaken(plans, input.name)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        const created = planFrom(input, undefined);
        if (created instanceof Response) return created;
        plans.push(created);
        return json(201, created);
      }
      case 'updatePlan': {
        if (planIndex < 0) return problem(404, 'not_found');
        const before = plans[planIndex]!;
        const input = body as Schema<'PlanUpdate'>;
        if (nameTaken(plans, input.name, id)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        const merged: Schema<'PlanCreate'> = {
          name: input.name ?? before.name,
          description: input.description ?? before.description,
          productId: input.productId ?? before.productId,
          minUsers: input.minUsers ?? before.minUsers,
          maxUsers: input.maxUsers ?? before.maxUsers,
          published: input.published ?? before.published,
          disabled: input.disabled ?? before.disabled,
          prices: input.prices ?? before.prices,
          limits: input.limits ?? before.limits,
          linkedPlanIds: input.linkedPlanIds ?? before.linkedPlans.map((link) => link.id),
          roles: input.roles ?? before.roles,
        };
        const updated = planFrom(merged, before);
        if (updated instanceof Response) return updated;
        plans[planIndex] = updated;
        return json(200, updated);
      }
      case 'deletePlan':
        if (planIndex < 0) return problem(404, 'not_found');
        if (options.plansInUse?.includes(plans[planIndex]!.name)) return problem(409, 'plan_in_use');
        plans.splice(planIndex, 1);
        return json(204, null);
      case 'getCurrencies':
        return json(200, {
          items: [
            { code: 'USD', minorUnits: 2 },
            { code: 'EUR', minorUnits: 2 },
            { code: 'GBP', minorUnits: 2 },
            { code: 'JPY', minorUnits: 0 },
          ],
        });
      case 'getLimits':
        return json(200, {
          items: [
            { kind: 'participants', units: ['Number'] },
            { kind: 'meeting_duration', units: ['Minutes'] },
            { kind: 'meeting_minutes', units: ['Minutes'] },
            { kind: 'storage_gb', units: ['Number'] },
          ],
        });
      case 'getBillingCycles':
        return json(200, {
          items: [
            { cycle: 'monthly', months: 1 },
            { cycle: 'yearly', months: 12 },
          ],
        });
      default:
        if (path === '/session') return json(200, { user: currentUser });
        return problem(404, 'not_found');
    }
  }

  answerApiWith(handle);
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), products, plans };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeCatalogueApiLoader(options: FakeCatalogueApiOptions = {}): () => { api: FakeCatalogueApi } {
  return () => {
    notify.clean();
    return { api: installFakeCatalogueApi(options) };
  };
}

export const loadedCatalogueApi = (loaded: Record<string, unknown>): FakeCatalogueApi => loaded.api as FakeCatalogueApi;
