export { ProductFormScreen } from './product-form-screen';
