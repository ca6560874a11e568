/** Home, section 1: the latest plants, this many (the route's loader reads them, the section draws their places). */
export const NEW_PLANTS_COUNT = 8;
