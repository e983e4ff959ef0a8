import { PurchasePlanGate } from '../components/purchase-plan-gate';

/** Lazy route module of `/portal/purchase-plan`. */
export default function PurchasePlanRoute() {
  return <PurchasePlanGate />;
}
