import { describe, expect, it } from 'vitest';
import { CreateInviteInputSchema, HouseholdNameInputSchema, UpdateMemberInputSchema } from './household';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('household schemas', () => {
  it('trims a name and holds it to 1 to 60 characters', () => {
    expect(HouseholdNameInputSchema.parse({ name: '  Roof  ' })).toEqual({ name: 'Roof' });
    expect(issuesOf(HouseholdNameInputSchema.safeParse({ name: ' ' }))).toEqual(['name']);
    expect(issuesOf(HouseholdNameInputSchema.safeParse({ name: 'x'.repeat(61) }))).toEqual(['name']);
    expect(issuesOf(HouseholdNameInputSchema.safeParse({ name: 'x', extra: 1 }))).toEqual(['']);
  });

  it('wants an end date for a sitter and none for a member', () => {
    expect(CreateInviteInputSchema.parse({ role: 'sitter', until: '2026-06-10' })).toEqual({
      role: 'sitter',
      until: '2026-06-10',
    });
    expect(issuesOf(CreateInviteInputSchema.safeParse({ role: 'sitter' }))).toEqual(['until']);
    expect(issuesOf(CreateInviteInputSchema.safeParse({ role: 'member', until: '2026-06-10' }))).toEqual(['until']);
    expect(issuesOf(CreateInviteInputSchema.safeParse({ role: 'owner' }))).toEqual(['role']);
    expect(issuesOf(CreateInviteInputSchema.safeParse({ role: 'sitter', until: '2026-02-30' }))).toEqual(['until']);
  });

  it('takes a role, an end date or both for a member change, and refuses neither', () => {
    expect(UpdateMemberInputSchema.safeParse({ until: '2026-06-10' }).success).toBe(true);
    expect(UpdateMemberInputSchema.safeParse({ role: 'owner' }).success).toBe(true);
    expect(issuesOf(UpdateMemberInputSchema.safeParse({}))).toEqual(['role']);
    expect(issuesOf(UpdateMemberInputSchema.safeParse({ role: 'owner', until: '2026-06-10' }))).toEqual(['until']);
  });
});
