import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES, newId, type Paged, type Role, type User, type UserListQuery } from '@shop/common';
import type { z } from 'zod';
import type { userCreateSchema, userUpdateSchema } from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { Db } from '../../db/client.js';
import type { ConsentRecord } from '../../db/columns.js';
import { consentView } from '../../plugins/consent.js';
import { isUniqueViolation } from '../../db/errors.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import { staffPasswordProblem } from '../../security/staff-passwords.js';
import { hashPassword } from './passwords.js';

type CreateUser = z.output<typeof userCreateSchema>;
type UpdateUser = z.output<typeof userUpdateSchema>;

/** Roles of which at least one account must always remain (docs/decisions/003). */
const TOP_ROLES: readonly Role[] = ['admin', 'ceo'];

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    role: row.role,
    phoneVerified: row.phoneVerified,
    ...(row.consent && { consent: consentView(row.consent) }),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isStaffRole = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/** Staff accounts open the back office: their passwords must withstand guessing (decision 034). */
function requireStrongPassword(role: Role, password: string): void {
  if (!isStaffRole(role)) return;
  const problem = staffPasswordProblem(password);
  if (problem)
    throw new AppError(400, 'PASSWORD_TOO_WEAK', problem, [{ path: 'password', message: problem }]);
}

const userNotFound = () => notFound('USER_NOT_FOUND', 'User not found');
const phoneTaken = () => conflict('PHONE_TAKEN', 'This phone number is already registered');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the admin and ceo rows, always in id order and before any other row, so that two concurrent
 * demotions or removals queue up (the second then sees the first's result) instead of deadlocking.
 */
async function lockTopUsers(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...TOP_ROLES]))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

function requireAnotherTopUser(topUserIds: readonly string[], exceptId: string): void {
  if (!topUserIds.some((topId) => topId !== exceptId)) {
    throw new AppError(409, 'LAST_ADMIN', 'The last admin or ceo account cannot be removed or demoted');
  }
}

export class UserService {
  constructor(private readonly db: Db) {}

  async list(query: UserListQuery): Promise<Paged<User>> {
    const conditions: SQL[] = [];
    if (!query.role) conditions.push(inArray(users.role, [...STAFF_ROLES]));
    else if (query.role !== 'all') conditions.push(eq(users.role, query.role));
    if (query.search) {
      const term = query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      conditions.push(like(sql`lower(${users.fullName})`, `%${term}%`));
    }
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    const totalDocs = totals?.total ?? 0;
    return toPage(rows.map(toUserDto), totalDocs, query);
  }

  async findByPhone(phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
    return row;
  }

  /** `actor` is the admin making the account; null when the shop makes it (start-up, command line, sign-up). */
  async create(
    input:
      | CreateUser
      | (Omit<CreateUser, 'role'> & { role: Role; phoneVerified?: boolean; consent?: ConsentRecord | null }),
    actor: Actor | null = null,
  ): Promise<User> {
    requireStrongPassword(input.role, input.password);
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            id: newId(),
            fullName: input.fullName,
            phoneNumber: input.phoneNumber,
            passwordHash,
            role: input.role,
            phoneVerified: 'phoneVerified' in input && input.phoneVerified === true,
            consent: ('consent' in input && input.consent) || null,
          })
          .returning();
        if (actor)
          await recordAudit(tx, actor, {
            action: 'create',
            entity: 'user',
            entityId: created!.id,
            after: created,
          });
        return created!;
      });
      return toUserDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  }

  async update(actor: Actor, id: string, input: UpdateUser): Promise<User> {
    const actorId = actor.id;
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const topUsers = input.role ? await lockTopUsers(tx) : [];
        const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!target) throw userNotFound();
        if (input.password) requireStrongPassword(input.role ?? target.role, input.password);
        if (input.role && input.role !== target.role) {
          if (id === actorId) throw forbidden('You cannot change your own role', 'SELF_CHANGE_FORBIDDEN');
          if (TOP_ROLES.includes(target.role) && !TOP_ROLES.includes(input.role))
            requireAnotherTopUser(topUsers, id);
        }
        const [row] = await tx
          .update(users)
          .set({
            ...(input.fullName !== undefined && { fullName: input.fullName }),
            ...(input.phoneNumber !== undefined && { phoneNumber: input.phoneNumber }),
            ...(input.role !== undefined && { role: input.role }),
            ...(passwordHash && { passwordHash }),
            // A new password or role ends every session signed before it.
            ...((passwordHash || (input.role && input.role !== target.role)) && {
              sessionVersion: sql`${users.sessionVersion} + 1`,
            }),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'user',
          entityId: id,
          before: target,
          after: row,
          // That a password was set, never the password or its hash.
          ...(passwordHash && { extra: { passwordChanged: { before: false, after: true } } }),
        });
        return toUserDto(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  }

  /**
   * A password reset proven by an SMS code: the new password, the phone now verified, and every
   * older session ended. A staff account's reset goes in the audit log as its own action, so admins
   * see it beside the sign-ins (decision 022). Undefined when no account has the phone.
   */
  async resetPassword(phoneNumber: string, password: string): Promise<UserRow | undefined> {
    const account = await this.findByPhone(phoneNumber);
    if (account) requireStrongPassword(account.role, password);
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          passwordHash,
          phoneVerified: true,
          sessionVersion: sql`${users.sessionVersion} + 1`,
          lastActiveAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.phoneNumber, phoneNumber))
        .returning();
      if (row && isStaffRole(row.role)) {
        await recordAudit(tx, row, { action: 'passwordReset', entity: 'user', entityId: row.id });
      }
      return row;
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (id === actor.id) throw forbidden('You cannot delete your own account', 'SELF_CHANGE_FORBIDDEN');
    await this.db.transaction(async (tx) => {
      const topUsers = await lockTopUsers(tx);
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target) throw userNotFound();
      if (TOP_ROLES.includes(target.role)) requireAnotherTopUser(topUsers, id);
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, actor, { action: 'delete', entity: 'user', entityId: id, before: target });
    });
  }

  /**
   * A sign-in, good or refused: a good one marks the account active; a staff member's, either way,
   * goes in the audit log with it (who tried, as whom; never the password tried).
   */
  async recordSignIn(user: UserRow, succeeded: boolean): Promise<void> {
    const staff = isStaffRole(user.role);
    if (!succeeded && !staff) return;
    await this.db.transaction(async (tx) => {
      if (succeeded)
        await tx
          .update(users)
          .set({ lastActiveAt: sql`now()` })
          .where(eq(users.id, user.id));
      if (staff) {
        await recordAudit(tx, user, {
          action: succeeded ? 'signIn' : 'signInFailed',
          entity: 'user',
          entityId: user.id,
        });
      }
    });
  }

  async countStaff(): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]));
    return row?.total ?? 0;
  }
}
