import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_ROLES, userCreateSchema } from '@shop/common';
import { UserService } from '../modules/users/user-service.js';
import { openShopDatabase } from './cli.js';

const usage = `Usage: npm run admin:create -- --phone +998XXXXXXXXX --password SECRET [--name "Full Name"] [--role admin|manager|ceo]
(ADMIN_PHONE and ADMIN_PASSWORD are read when the flags are absent.)`;

const { values } = parseArgs({
  options: {
    phone: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Admin' },
    role: { type: 'string', default: 'admin' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const input = userCreateSchema.extend({ role: z.enum(STAFF_ROLES) }).safeParse({
  fullName: values.name,
  phoneNumber: values.phone ?? process.env.ADMIN_PHONE,
  password: values.password ?? process.env.ADMIN_PASSWORD,
  role: values.role,
});
if (!input.success) {
  for (const issue of input.error.issues)
    console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  console.error(usage);
  process.exit(1);
}

const { database } = await openShopDatabase();
try {
  const user = await new UserService(database.db).create(input.data);
  console.log(`Created ${user.role} ${user.fullName} (${user.phoneNumber}). Sign in at /login.`);
} catch (error) {
  console.error(`Could not create the account: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
