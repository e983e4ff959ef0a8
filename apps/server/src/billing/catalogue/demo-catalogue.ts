// The demo catalogue: three products (meetings, webinars, a storage bundle) and their plans on
// sale with prices in USD, EUR and GBP (minor units) and limits, so the Products, Plans and public
// plans pages show real content at once. The demo tenant's subscriptions (demo-billing.ts) name
// three of these plans: Business, Webinar 500 and Cloud storage 1 TB.
import { planLimits, planLinks, planPrices, planRoles, plans, products } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import type { Schemas } from '../../kernel/http/api.ts';
import { present } from '../../kernel/db/present.ts';

type DemoPlan = {
  name: string;
  description: string;
  product: 'meeting' | 'webinar' | 'storage';
  minUsers: number;
  maxUsers: number;
  /** Per licence: [monthly, yearly] in cents, by currency; a missing cycle is not sold. */
  prices: Record<string, [number | null, number | null]>;
  limits: Schemas['PlanLimit'][];
  roles: Schemas['PlanRole'][];
  published: boolean;
};

const demoPlans: DemoPlan[] = [
  {
    name: 'Starter',
    description: 'Meetings for small teams: up to 50 participants, one hour each.',
    product: 'meeting',
    minUsers: 1,
    maxUsers: 10,
    prices: { USD: [600, 6_000], EUR: [550, 5_500], GBP: [480, 4_800] },
    limits: [
      { kind: 'participants', value: 50, unit: 'Number' },
      { kind: 'meeting_duration', value: 60, unit: 'Minutes' },
    ],
    roles: ['member'],
    published: true,
  },
  {
    name: 'Business',
    description: 'Meetings for companies: 300 participants, recording and administration.',
    product: 'meeting',
    minUsers: 5,
    maxUsers: 500,
    prices: { USD: [1_200, 12_000], EUR: [1_100, 11_000], GBP: [950, 9_500] },
    limits: [
      { kind: 'participants', value: 300, unit: 'Number' },
      { kind: 'meeting_minutes', value: 100_000, unit: 'Minutes' },
      { kind: 'recording_minutes', value: 6_000, unit: 'Minutes' },
    ],
    roles: ['admin', 'member'],
    published: true,
  },
  {
    name: 'Enterprise',
    description: 'Large organisations: 1000 participants, unlimited meeting time, account administration.',
    product: 'meeting',
    minUsers: 50,
    maxUsers: 10_000,
    prices: { USD: [2_000, 20_000], EUR: [1_850, 18_500], GBP: [1_600, 16_000] },
    limits: [
      { kind: 'participants', value: 1_000, unit: 'Number' },
      { kind: 'concurrent_meetings', value: 100, unit: 'Number' },
      { kind: 'recording_minutes', value: 60_000, unit: 'Minutes' },
    ],
    roles: ['tenantadmin', 'accountadmin', 'admin', 'member'],
    published: true,
  },
  {
    name: 'Webinar 500',
    description: 'Webinars for up to 500 attendees, four hours each.',
    product: 'webinar',
    minUsers: 1,
    maxUsers: 100,
    prices: { USD: [3_000, 30_000], EUR: [2_800, 28_000] },
    limits: [
      { kind: 'webinar_attendees', value: 500, unit: 'Number' },
      { kind: 'meeting_duration', value: 240, unit: 'Minutes' },
    ],
    roles: ['member'],
    published: true,
  },
  {
    name: 'Webinar 3000',
    description: 'Large webinars for up to 3000 attendees (not on sale yet).',
    product: 'webinar',
    minUsers: 1,
    maxUsers: 100,
    prices: { USD: [9_000, 90_000] },
    limits: [{ kind: 'webinar_attendees', value: 3_000, unit: 'Number' }],
    roles: ['member'],
    published: false,
  },
  {
    name: 'Cloud storage 1 TB',
    description: 'One terabyte for recordings and files, billed yearly.',
    product: 'storage',
    minUsers: 1,
    maxUsers: 1,
    prices: { USD: [null, 24_000], EUR: [null, 22_000], GBP: [null, 19_000] },
    limits: [{ kind: 'storage_gb', value: 1_000, unit: 'Number' }],
    roles: [],
    published: true,
  },
];

/** Seeds the catalogue in the seed's platform transaction. */
export async function seedDemoCatalogue(tx: Database): Promise<void> {
  const inserted = await tx
    .insert(products)
    .values([
      { name: 'Meeting', description: 'Video meetings with screen sharing, recording and phone dial-in.', isBundle: false },
      { name: 'Webinar', description: 'Large one-to-many events with registration and Q&A.', isBundle: false },
      { name: 'Storage bundle', description: 'Extra cloud storage for recordings, sold with a meeting plan.', isBundle: true },
    ])
    .returning({ id: products.id, name: products.name });
  const productIds = { meeting: present(inserted[0], 'inserted[0]').id, webinar: present(inserted[1], 'inserted[1]').id, storage: present(inserted[2], 'inserted[2]').id };

  const planIds = new Map<string, string>();
  for (const plan of demoPlans) {
    const [row] = await tx
      .insert(plans)
      .values({ productId: productIds[plan.product], name: plan.name, description: plan.description, minUsers: plan.minUsers, maxUsers: plan.maxUsers, published: plan.published })
      .returning({ id: plans.id });
    const planId = present(row, 'row').id;
    planIds.set(plan.name, planId);
    const prices = Object.entries(plan.prices).flatMap(([currency, [monthly, yearly]]) => [
      ...(monthly === null ? [] : [{ planId, currency, billingCycle: 'monthly' as const, amount: monthly }]),
      ...(yearly === null ? [] : [{ planId, currency, billingCycle: 'yearly' as const, amount: yearly }]),
    ]);
    await tx.insert(planPrices).values(prices);
    await tx.insert(planLimits).values(plan.limits.map((limit, position) => ({ planId, ...limit, position })));
    if (plan.roles.length > 0) await tx.insert(planRoles).values(plan.roles.map((role) => ({ planId, role })));
  }
  // Storage is offered with the meeting plans that record.
  const storage = present(planIds.get('Cloud storage 1 TB'), 'planIds.get(\'Cloud storage 1 TB\')');
  await tx.insert(planLinks).values(['Business', 'Enterprise'].map((name) => ({ planId: present(planIds.get(name), 'planIds.get(name)'), linkedPlanId: storage })));
}
