export { ProductsScreen } from './products-screen';
