import { useParams } from 'react-router';
import { PlanFormScreen } from '../components/plan-form-screen';

/** Lazy route module of `/portal/plans/create-plan` and `/portal/plans/:planuuid`. */
export default function PlanFormRoute() {
  const { planuuid } = useParams();
  return <PlanFormScreen key={planuuid ?? 'new'} planId={planuuid} />;
}
