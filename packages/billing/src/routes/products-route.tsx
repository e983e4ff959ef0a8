import { ProductsScreen } from '../components/products-screen';

/** Lazy route module of `/portal/products` and `/portal/product`. */
export default function ProductsRoute() {
  return <ProductsScreen />;
}
