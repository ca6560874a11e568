import type { ReactNode, SVGProps } from 'react';

/** Small inline icons (decorative: the control that holds one carries the accessible name). */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** A 24px line icon: every outline icon of the app is drawn with this frame. */
export function Stroke({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A 24px filled icon: its `<path>` is the child. */
function Fill({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
export const CloseIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Stroke>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M15 18l-6-6 6-6" />
  </Stroke>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M9 18l6-6-6-6" />
  </Stroke>
);
export const PlusIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);
export const CheckIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M5 12l5 5L20 7" />
  </Stroke>
);
export const PauseIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M8 5v14M16 5v14" />
  </Stroke>
);
export const PlayIcon = (p: IconProps) => (
  <Fill {...p}>
    <path d="M7 4l13 8-13 8z" />
  </Fill>
);
export const LogoutIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M9 21H6a2 2 0 01-2-2V5a2 2 0 012-2h3M16 17l5-5-5-5M21 12H9" />
  </Stroke>
);
export const SunIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Stroke>
);
export const MoonIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
  </Stroke>
);

export const GlobeIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
  </Stroke>
);
export const FacebookIcon = (p: IconProps) => (
  <Fill {...p}>
    <path d="M14 8h3V4h-3a5 5 0 00-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9a1 1 0 011-1z" />
  </Fill>
);
export const XIcon = (p: IconProps) => (
  <Fill {...p}>
    <path d="M3.5 3h5.2l4.2 5.8L17.9 3h2.3l-6.3 7.3L21 21h-5.2l-4.6-6.3L5.8 21H3.5l6.7-7.7zm3 1.6l10.3 14.8h1.7L8.3 4.6z" />
  </Fill>
);
export const InstagramIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </Stroke>
);
export const LinkedInIcon = (p: IconProps) => (
  <Fill {...p}>
    <path d="M4 9h4v11H4zM6 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.8v1.6c.6-1 1.9-1.9 3.7-1.9 3.6 0 4.5 2.3 4.5 5.4V20h-4v-5.2c0-1.3 0-2.9-1.8-2.9s-2.2 1.4-2.2 2.8V20h-4z" />
  </Fill>
);
export const YouTubeIcon = (p: IconProps) => (
  <Fill {...p}>
    <path d="M21.6 7.2a2.6 2.6 0 00-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.6 2.6 0 00-1.8 1.8A27 27 0 002 12a27 27 0 00.4 4.8 2.6 2.6 0 001.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 001.8-1.8A27 27 0 0022 12a27 27 0 00-.4-4.8zM10 15V9l5.2 3z" />
  </Fill>
);
