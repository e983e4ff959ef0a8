import { RequireAuth } from '@portal/auth';
import { PlanChangeScreen } from '../components/plan-change-screen';
import { CURRENT_PLANS_PATH } from './billing-paths';

/** Lazy route module of `/portal/change-plan?subscription=<id>` (Change purchased plan), behind the access of Current plans as edit-plan. */
export default function ChangePlanRoute() {
  return (
    <RequireAuth treeUrl={CURRENT_PLANS_PATH} roleGroup="accountadmin">
      <PlanChangeScreen mode="change" />
    </RequireAuth>
  );
}
