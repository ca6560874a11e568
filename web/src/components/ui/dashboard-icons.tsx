import { Stroke, type IconProps } from '@/components/ui/icons';

/** The dashboard's own icons, in the app's icon frame (decorative: the control carries the name). */
export const OverviewIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </Stroke>
);
export const TodayIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" />
  </Stroke>
);
export const ListIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Stroke>
);
export const LeafIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M11 20A7 7 0 019.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10z" />
    <path d="M2 21c0-3 1.9-5.4 5.1-6C9.5 14.5 12 13 13 12" />
  </Stroke>
);
export const AddIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Stroke>
);
export const PlaceIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 21s-7-6.1-7-11.5a7 7 0 0114 0C19 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Stroke>
);
export const BellIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M18 8a6 6 0 00-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
  </Stroke>
);
export const UserIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0116 0" />
  </Stroke>
);
export const PencilIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 013 3L7 19l-4 1 1-4z" />
  </Stroke>
);
export const TrashIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M3 6h18M8 6V4a2 2 0 012-2h4a2 2 0 012 2v2M19 6l-1 14a2 2 0 01-2 2H8a2 2 0 01-2-2L5 6M10 11v6M14 11v6" />
  </Stroke>
);
export const TrendUpIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M3 17l6-6 4 4 8-8M14 7h7v7" />
  </Stroke>
);
export const TrendDownIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M3 7l6 6 4-4 8 8M14 17h7v-7" />
  </Stroke>
);
export const TrendFlatIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M3 12h18M16 7l5 5-5 5" />
  </Stroke>
);
export const SearchIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </Stroke>
);
export const TagIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M20.6 13.4l-7.2 7.2a2 2 0 01-2.8 0L2 12V2h10l8.6 8.6a2 2 0 010 2.8z" />
    <path d="M7 7h.01" />
  </Stroke>
);
export const PulseIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M22 12h-4l-3 9L9 3l-3 9H2" />
  </Stroke>
);
export const ImageIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </Stroke>
);
