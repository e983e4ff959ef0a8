import { Link } from 'react-router';
import type { RenderLink } from '@portal/ui-kit';

/** ui-kit links through React Router, so in-app links keep the `/portal` basename and the SPA state. */
export const renderRouterLink: RenderLink = ({ href, item: _item, ...props }) => <Link to={href} {...props} />;
