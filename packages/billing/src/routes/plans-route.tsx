import { PlansScreen } from '../components/plans-screen';

/** Lazy route module of `/portal/plans` and `/portal/plan`. */
export default function PlansRoute() {
  return <PlansScreen />;
}
