/** GET /mango/household: one request for the whole app (lib/household.ts), named here as the Household page's. */
export { HOUSEHOLD_PATH, getMyHousehold as getHousehold } from '@/lib/household';
