export { BundleChoice, type BundleChoiceProps } from './bundle-choice';
