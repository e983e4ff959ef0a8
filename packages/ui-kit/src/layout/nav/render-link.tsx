import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { NavItem } from './nav-item';

/** Anchor props plus the target; the app maps `href` to its router link (`to`). */
export type RenderLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  href: string;
  children?: ReactNode;
  /** The nav item behind the link, when there is one. */
  item?: NavItem;
};

/** Renders an in-app link; ui-kit stays router-agnostic, the app passes e.g. React Router's `Link`. */
export type RenderLink = (props: RenderLinkProps) => ReactNode;

/** Plain `<a>` links: full page loads, for stories, tests and external URLs. */
export const renderAnchor: RenderLink = ({ item: _item, ...props }) => <a {...props} />;
