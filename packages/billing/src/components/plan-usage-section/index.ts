export { PlanUsageSection, usageLevel } from './plan-usage-section';
