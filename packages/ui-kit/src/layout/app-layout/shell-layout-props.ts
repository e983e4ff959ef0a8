import type { ReactNode } from 'react';

/** What AppLayout hands to each variant after reading the layout store. */
export type ShellLayoutProps = {
  navbar?: ReactNode;
  toolbar?: ReactNode;
  footer?: ReactNode;
  logo?: ReactNode;
  hideNavbar: boolean;
  hideToolbar: boolean;
  hideFooter: boolean;
  folded: boolean;
  onToggleFolded: () => void;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  mainId: string;
  children: ReactNode;
};
