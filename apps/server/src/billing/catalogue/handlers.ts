// HTTP side of the billing catalogue: products and plans (the super administrator's screens), the
// plans on sale (public plans page, purchase) and the constants their forms offer.
import type { OperationHandlers } from '../../kernel/http/handler.ts';
import { scopeOf } from '../../kernel/http/request-scope.ts';
import { BILLING_CYCLES, CURRENCIES, LIMIT_KINDS } from './constants.ts';
import { createPlan, deletePlan, getPlan, getPlanPriceList, listPlans, listPublishedPlans, updatePlan } from './plans.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products.ts';

export const catalogueHandlers: OperationHandlers = {
  async getProducts(request) {
    return listProducts(scopeOf(request), request.query);
  },

  async getProduct(request) {
    return getProduct(scopeOf(request), request.params.productId);
  },

  async addProduct(request, reply) {
    const product = await createProduct(scopeOf(request), request.body);
    reply.code(201);
    return product;
  },

  async updateProduct(request) {
    return updateProduct(scopeOf(request), request.params.productId, request.body);
  },

  async deleteProduct(request, reply) {
    await deleteProduct(scopeOf(request), request.params.productId);
    reply.code(204);
    return undefined;
  },

  async getPlans(request) {
    return listPlans(scopeOf(request), request.query);
  },

  async getPlan(request) {
    return getPlan(scopeOf(request), request.params.planId);
  },

  async addPlan(request, reply) {
    const plan = await createPlan(scopeOf(request), request.body);
    reply.code(201);
    return plan;
  },

  async updatePlan(request) {
    return updatePlan(scopeOf(request), request.params.planId, request.body);
  },

  async deletePlan(request, reply) {
    await deletePlan(scopeOf(request), request.params.planId);
    reply.code(204);
    return undefined;
  },

  async getPlanPrices(request) {
    return getPlanPriceList(scopeOf(request), request.params.planId, request.query.currency);
  },

  async selectPublishedPlan(request) {
    return listPublishedPlans(scopeOf(request), request.query);
  },

  async getCurrencies() {
    return { items: [...CURRENCIES] };
  },

  async getLimits() {
    return { items: LIMIT_KINDS.map((entry) => ({ kind: entry.kind, units: [...entry.units] })) };
  },

  async getBillingCycles() {
    return { items: [...BILLING_CYCLES] };
  },
};
