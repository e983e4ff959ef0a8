import { SelectPlansScreen } from '../components/select-plans-screen';

/** Lazy route module of `/portal/select-plans` (public). */
export default function SelectPlansRoute() {
  return <SelectPlansScreen />;
}
