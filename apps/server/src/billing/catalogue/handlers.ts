// HTTP side of the billing catalogue: products and plans (the super administrator's screens), the
// plans on sale (public plans page, purchase) and the constants their forms offer.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../../kernel/http/handler.ts';
import { scopeOf } from '../../kernel/http/request-scope.ts';
import { BILLING_CYCLES, CURRENCIES, LIMIT_KINDS } from './constants.ts';
import { createPlan, deletePlan as removePlan, getPlan as readPlan, getPlanPriceList, listPlans, listPublishedPlans, updatePlan as changePlan } from './plans.ts';
import { createProduct, deleteProduct as removeProduct, getProduct as readProduct, listProducts, updateProduct as changeProduct } from './products.ts';
import { created, noContent } from '../../kernel/http/replies.ts';

async function getProducts(request: OperationRequest<'getProducts'>) {
  return listProducts(scopeOf(request), request.query);
}

async function getProduct(request: OperationRequest<'getProduct'>) {
  return readProduct(scopeOf(request), request.params.productId);
}

async function addProduct(request: OperationRequest<'addProduct'>, reply: FastifyReply) {
  return created(reply, await createProduct(scopeOf(request), request.body));
}

async function updateProduct(request: OperationRequest<'updateProduct'>) {
  return changeProduct(scopeOf(request), request.params.productId, request.body);
}

async function deleteProduct(request: OperationRequest<'deleteProduct'>, reply: FastifyReply) {
  await removeProduct(scopeOf(request), request.params.productId);
  return noContent(reply);
}

async function getPlans(request: OperationRequest<'getPlans'>) {
  return listPlans(scopeOf(request), request.query);
}

async function getPlan(request: OperationRequest<'getPlan'>) {
  return readPlan(scopeOf(request), request.params.planId);
}

async function addPlan(request: OperationRequest<'addPlan'>, reply: FastifyReply) {
  return created(reply, await createPlan(scopeOf(request), request.body));
}

async function updatePlan(request: OperationRequest<'updatePlan'>) {
  return changePlan(scopeOf(request), request.params.planId, request.body);
}

async function deletePlan(request: OperationRequest<'deletePlan'>, reply: FastifyReply) {
  await removePlan(scopeOf(request), request.params.planId);
  return noContent(reply);
}

async function getPlanPrices(request: OperationRequest<'getPlanPrices'>) {
  return getPlanPriceList(scopeOf(request), request.params.planId, request.query.currency);
}

async function selectPublishedPlan(request: OperationRequest<'selectPublishedPlan'>) {
  return listPublishedPlans(scopeOf(request), request.query);
}

async function getCurrencies() {
  return { items: [...CURRENCIES] };
}

async function getLimits() {
  return { items: LIMIT_KINDS.map((entry) => ({ kind: entry.kind, units: [...entry.units] })) };
}

async function getBillingCycles() {
  return { items: [...BILLING_CYCLES] };
}

export const catalogueHandlers = {
  getProducts,
  getProduct,
  addProduct,
  updateProduct,
  deleteProduct,
  getPlans,
  getPlan,
  addPlan,
  updatePlan,
  deletePlan,
  getPlanPrices,
  selectPublishedPlan,
  getCurrencies,
  getLimits,
  getBillingCycles,
} satisfies OperationHandlers;
