import { shopEnvSchema } from '../config/shop-settings.js';
import { templateSheet } from '../sms/sms-templates.js';

// The texts to submit for moderation in Eskiz's cabinet ("My texts"), for this SHOP_NAME.
const vars = shopEnvSchema.pick({ SHOP_NAME: true }).safeParse(process.env);
if (!vars.success) {
  console.error(`SHOP_NAME ${vars.error.issues[0]?.message ?? 'is not valid'}`);
  process.exit(1);
}
console.log(templateSheet(vars.data.SHOP_NAME));
