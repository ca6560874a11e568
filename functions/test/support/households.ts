import type { Express } from 'express';
import request from 'supertest';
import type { TestUser } from '../../../scripts/lib/test-users.mjs';
import { bearer } from './users';

/** POST /mango/household as `owner`: a household of their own, named after them. */
export async function startHousehold(app: Express, owner: TestUser, name = `${owner.displayName}’s Balcony`) {
  await request(app).post('/mango/household').set(bearer(owner)).send({ name }).expect(201);
}

/**
 * `user` joins `owner`'s household: an invite made with `invite` (a role, and a sitter's last day)
 * and taken at once.
 */
export async function joinHousehold(
  app: Express,
  owner: TestUser,
  user: TestUser,
  invite: { role: 'member' } | { role: 'sitter'; until: string } = { role: 'member' },
) {
  const made = await request(app).post('/mango/household/invites').set(bearer(owner)).send(invite).expect(201);
  await request(app).post('/mango/household/join').set(bearer(user)).send({ token: made.body.token }).expect(200);
}
