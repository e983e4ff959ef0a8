import { useParams } from 'react-router';
import { ProductFormScreen } from '../components/product-form-screen';

/** Lazy route module of `/portal/products/create-product` and `/portal/products/:productuuid`. */
export default function ProductFormRoute() {
  const { productuuid } = useParams();
  return <ProductFormScreen key={productuuid ?? 'new'} productId={productuuid} />;
}
